import { importPKCS8, SignJWT } from "jose";
import { PKPass } from "passkit-generator";
import sharp from "sharp";

// Tickets in a phone's wallet (decision 73): an Apple Wallet pass (.pkpass) signed with the cinema's Pass Type ID
// certificate, and a Google Wallet save link whose JWT the cinema's service account signs. Both carry the e-ticket's
// QR code. This adapter knows no booking rule: it is given what the pass shows and the keys that sign it.

/** What a wallet pass shows: one booking's e-ticket. */
export type WalletTicket = {
  /** The booking's id: the pass's serial number, so a pass added again replaces the one the wallet holds. */
  bookingId: string;
  showId: string;
  /** The Booking ID people read (8 characters). */
  reference: string;
  title: string;
  startsAt: string;
  endsAt: string;
  /** The show's day and time in the cinema's zone, as the site writes it. */
  when: string;
  hallName: string;
  seats: readonly string[];
  address: string;
  /** What the QR code carries: the e-ticket's signed check-in address. */
  qrMessage: string;
  /** The booking was cancelled: the pass says it is no longer valid. */
  voided: boolean;
};

/** The Pass Type ID certificate and key (PEM), Apple's WWDR intermediate certificate, and the ids they belong to. */
export type AppleSigning = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
};

/** A Google Wallet issuer and the service account (its e-mail and PKCS#8 private key) that signs its save links. */
export type GoogleSigning = { issuerId: string; clientEmail: string; privateKey: string; siteOrigin: string };

const ORGANIZATION = "Marquee Cinemas";
const BRAND_COLOUR = "#e50914";

let icons: Promise<Record<string, Buffer>> | undefined;
/** Wallet refuses a pass without an icon: the brand's colour, at 1x and 2x, made once. */
function passIcons() {
  const square = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: BRAND_COLOUR } })
      .png()
      .toBuffer();
  icons ??= Promise.all([square(29), square(58)]).then(([icon, icon2x]) => ({
    "icon.png": icon,
    "icon@2x.png": icon2x,
  }));
  return icons;
}

/**
 * Where a pass asks for its updates (Apple's Wallet web service): the service's address and the pass's own token,
 * which the wallet sends back with every request about it.
 */
export type AppleWebService = { webServiceURL: string; authenticationToken: string };

/** The Apple Wallet pass of a ticket, zipped and signed (PKCS #7, detached, over its manifest). */
export async function applePass(
  ticket: WalletTicket,
  signing: AppleSigning,
  webService: AppleWebService | null,
): Promise<Buffer> {
  const passJson = {
    formatVersion: 1,
    ...webService,
    passTypeIdentifier: signing.passTypeIdentifier,
    teamIdentifier: signing.teamIdentifier,
    serialNumber: ticket.bookingId,
    organizationName: ORGANIZATION,
    description: `Ticket for ${ticket.title}`,
    foregroundColor: "rgb(255, 255, 255)",
    backgroundColor: "rgb(20, 20, 24)",
    labelColor: "rgb(255, 209, 102)",
    relevantDate: ticket.startsAt,
    expirationDate: ticket.endsAt,
    voided: ticket.voided,
    barcodes: [
      {
        format: "PKBarcodeFormatQR",
        message: ticket.qrMessage,
        messageEncoding: "iso-8859-1",
        altText: ticket.reference,
      },
    ],
    eventTicket: {
      primaryFields: [{ key: "film", label: "Film", value: ticket.title }],
      secondaryFields: [{ key: "when", label: "Show", value: ticket.when }],
      auxiliaryFields: [
        { key: "hall", label: "Hall", value: ticket.hallName },
        { key: "seats", label: "Seats", value: ticket.seats.join(", ") },
      ],
      backFields: [
        { key: "reference", label: "Booking ID", value: ticket.reference },
        { key: "address", label: "Cinema", value: `${ORGANIZATION}, ${ticket.address}` },
      ],
    },
  };
  const pass = new PKPass(
    { "pass.json": Buffer.from(JSON.stringify(passJson)), ...(await passIcons()) },
    {
      wwdr: signing.wwdr,
      signerCert: signing.signerCert,
      signerKey: signing.signerKey,
      signerKeyPassphrase: signing.signerKeyPassphrase,
    },
  );
  return pass.getAsBuffer();
}

const text = (value: string) => ({ defaultValue: { language: "en-US", value } });

/** A show as Google Wallet's event ticket class: the film, the hall and the time, under the issuer's id. */
export function eventTicketClass(ticket: WalletTicket, issuerId: string) {
  return {
    id: `${issuerId}.marquee-show-${ticket.showId}`,
    issuerName: ORGANIZATION,
    reviewStatus: "UNDER_REVIEW",
    eventName: text(ticket.title),
    venue: { name: text(`${ORGANIZATION}, ${ticket.hallName}`), address: text(ticket.address) },
    dateTime: { start: ticket.startsAt, end: ticket.endsAt },
  };
}

/** A booking as Google Wallet's event ticket object of its show's class: seats, QR code, and whether it admits. */
export function eventTicketObject(ticket: WalletTicket, issuerId: string) {
  return {
    id: `${issuerId}.booking-${ticket.bookingId}`,
    classId: eventTicketClass(ticket, issuerId).id,
    state: ticket.voided ? "INACTIVE" : "ACTIVE",
    ticketNumber: ticket.reference,
    seatInfo: { seat: text(ticket.seats.join(", ")) },
    barcode: { type: "QR_CODE", value: ticket.qrMessage, alternateText: ticket.reference },
    validTimeInterval: { start: { date: ticket.startsAt }, end: { date: ticket.endsAt } },
  };
}

/**
 * The Google Wallet "save" link of a ticket: a JWT signed (RS256) by the service account, carrying the show as an
 * event ticket class and the booking as its object, both under the issuer's id.
 */
export async function googleSaveUrl(ticket: WalletTicket, signing: GoogleSigning): Promise<string> {
  const payload = {
    eventTicketClasses: [eventTicketClass(ticket, signing.issuerId)],
    eventTicketObjects: [eventTicketObject(ticket, signing.issuerId)],
  };
  const key = await importPKCS8(signing.privateKey, "RS256");
  const jwt = await new SignJWT({ typ: "savetowallet", origins: [signing.siteOrigin], payload })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(signing.clientEmail)
    .setAudience("google")
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
