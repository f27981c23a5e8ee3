import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { scannedTicketCode } from "~/schemas/ticket-code";

// The Shape Detection API's BarcodeDetector: Chromium on Android and macOS has it; TypeScript's DOM types do not yet.
type BarcodeDetector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetector;

const NOT_A_TICKET =
  "This QR code is not an e-ticket of this cinema. Scan the QR code on the ticket, or type its booking reference.";
const NO_CAMERA = "The camera could not be opened. Allow this site to use it, or type the booking reference.";
const LOOK_EVERY_MS = 200;

function barcodeDetector() {
  const found = (window as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof found === "function" && typeof navigator.mediaDevices?.getUserMedia === "function" ? found : null;
}

/**
 * "Scan with camera" where the browser can both film (getUserMedia) and read QR codes (BarcodeDetector): it films
 * until it reads an e-ticket's code or check-in link and hands the code on. Elsewhere, and without JavaScript, it
 * renders nothing and staff type the code.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState("");
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!scanning || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async (detector: BarcodeDetector) => {
      if (stopped || !video.current) return;
      const [found] = await detector.detect(video.current).catch(() => []);
      if (stopped) return;
      const code = found ? scannedTicketCode(found.rawValue) : null;
      if (code) {
        setScanning(false);
        onCode(code);
        return;
      }
      if (found) setMessage(NOT_A_TICKET);
      timer = setTimeout(() => look(detector), LOOK_EVERY_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then(
      (opened) => {
        stream = opened;
        if (stopped || !video.current) return opened.getTracks().forEach((track) => track.stop());
        video.current.srcObject = opened;
        video.current.play().catch(() => undefined);
        look(new Detector({ formats: ["qr_code"] }));
      },
      () => {
        setMessage(NO_CAMERA);
        setScanning(false);
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, onCode]);

  if (!hydrated || !barcodeDetector()) return null;
  return (
    <div className="qr-scanner">
      <button
        type="button"
        className="button button-ghost"
        onClick={() => {
          setMessage("");
          setScanning(!scanning);
        }}
      >
        {scanning ? "Stop camera" : "Scan with camera"}
      </button>
      {scanning ? <video ref={video} muted playsInline aria-label="Camera view for scanning a QR code" /> : null}
      <p className="field-error" role="status">
        {message}
      </p>
    </div>
  );
}
