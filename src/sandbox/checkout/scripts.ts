// The JavaScript of the iframe and lightbox integrations: a merchant page includes the script URL the
// API handed out, and the script shows the sandbox's payment page of that transaction in an iframe or
// an overlay, as the service's scripts do.
import { jsString } from './html';

/**
 * The embedded page cannot send the whole window on (a cross-origin frame may not navigate its top
 * window without a click in it), so once the payment is decided it posts the next URL here, and the
 * script navigates its own window there: only messages from that frame and origin count.
 */
function frame(pageUrl: string): string {
  return `function paygraphFrame() {
    var url = new URL(${jsString(pageUrl)});
    url.searchParams.set('embedded', '1');
    var f = document.createElement('iframe');
    f.src = url.toString();
    f.title = 'Payment';
    f.style.cssText = 'border:0;width:100%;height:560px;background:#fff';
    window.addEventListener('message', function (e) {
      if (e.source === f.contentWindow && e.origin === url.origin && e.data && e.data.type === 'paygraph:redirect') {
        window.location.href = e.data.url;
      }
    });
    return f;
  }`;
}

/** IframeCheckoutHandler(configurationId).create(containerId), .submit(). */
export function iframeScript(pageUrl: string): string {
  return `(function () {
  ${frame(pageUrl)}
  window.IframeCheckoutHandler = function (configurationId) {
    var f = paygraphFrame();
    return {
      create: function (containerId) { document.getElementById(containerId).appendChild(f); },
      submit: function () { f.contentWindow.postMessage('paygraph:submit', new URL(f.src).origin); },
      setValidationCallback: function () {}, setInitializeCallback: function () {}, setHeightChangeCallback: function () {}
    };
  };
})();
`;
}

/** LightboxCheckoutHandler.startPayment(configurationId, onError). */
export function lightboxScript(pageUrl: string): string {
  return `(function () {
  ${frame(pageUrl)}
  window.LightboxCheckoutHandler = {
    startPayment: function (configurationId, onError) {
      try {
        var overlay = document.createElement('div');
        overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
        var box = document.createElement('div');
        box.style.cssText = 'width:min(480px,95vw);background:#fff;border-radius:8px;overflow:hidden';
        box.appendChild(paygraphFrame());
        overlay.appendChild(box);
        document.body.appendChild(overlay);
      } catch (e) { if (onError) onError(e); }
    }
  };
})();
`;
}
