// A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), which the Firebase popup flow
// and the Auth emulator's helper iframe both load from the internet; the tests have none. It carries
// gapi.iframes' register/send/ping between the page and the emulator iframe with postMessage.
(function () {
  var handlers = {};
  var waiting = {}; // calls that arrived before their handler was registered
  var replies = {};
  var seq = 0;

  function post(target, message) {
    message.gapiStub = true;
    target.postMessage(message, "*");
  }

  function answer(source, message) {
    var result = message.name === "ping" ? [] : [handlers[message.name](message.data)];
    post(source, { kind: "reply", id: message.id, result: result });
  }

  function channel(target) {
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (waiting[name] || []).forEach(function (call) {
          answer(call.source, call.message);
        });
        delete waiting[name];
      },
      send: function (name, data, callback) {
        var id = ++seq;
        replies[id] = callback;
        post(target(), { kind: "call", name: name, data: data, id: id });
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var id = ++seq;
          replies[id] = function () {
            if (callback) callback();
            resolve();
          };
          post(target(), { kind: "call", name: "ping", id: id });
        });
      },
      restyle: function () {
        return Promise.resolve();
      },
    };
  }

  window.addEventListener("message", function (event) {
    var message = event.data;
    if (!message || !message.gapiStub) return;
    if (message.kind === "call") {
      if (message.name === "ping" || handlers[message.name]) answer(event.source, message);
      else (waiting[message.name] = waiting[message.name] || []).push({ source: event.source, message: message });
    } else if (replies[message.id]) {
      var callback = replies[message.id];
      delete replies[message.id];
      try {
        if (callback) callback(message.result);
      } catch {
        /* as gapi, a throwing callback stays local */
      }
    }
  });

  var context = {
    open: function (options, ready) {
      var frame = document.createElement("iframe");
      frame.src = options.url;
      var style = (options.attributes && options.attributes.style) || {};
      Object.keys(style).forEach(function (key) {
        frame.style[key] = style[key];
      });
      options.where.appendChild(frame);
      return new Promise(function (resolve) {
        frame.addEventListener("load", function () {
          resolve(
            ready(
              channel(function () {
                return frame.contentWindow;
              }),
            ),
          );
        });
      });
    },
    getParentIframe: function () {
      return channel(function () {
        return window.parent;
      });
    },
  };

  window.gapi = {
    load: function (name, options) {
      setTimeout(typeof options === "function" ? options : options.callback);
    },
    iframes: {
      getContext: function () {
        return context;
      },
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: function () {},
    },
  };
  var onload = /[?&]onload=([^&]+)/.exec((document.currentScript && document.currentScript.src) || "");
  if (onload && typeof window[onload[1]] === "function") window[onload[1]]();
  if (typeof window.gapi_onload === "function") window.gapi_onload();
})();
