// On the server only (render-page, the CSP's hash): a string in the browser bundle would be dead weight.
import { EARLY_TAPS } from '../app/early-taps';

/**
 * The inline script: buttons tapped before hydration are kept (their default action and React's
 * listeners on #root held back), and so are the choices made in selects ([select, value]), until
 * `replayEarlyTaps` takes the list away. CSP allows it by its hash.
 */
export const EARLY_TAPS_SCRIPT = `(function(k,q){window[k]=q;var d=document;d.addEventListener('click',function(e){var b=window[k]===q&&e.target.closest&&e.target.closest('button');if(b){e.preventDefault();e.stopImmediatePropagation();q.push(b)}},true);d.addEventListener('change',function(e){var s=e.target;if(window[k]===q&&s.tagName==='SELECT'){e.stopImmediatePropagation();q.push([s,s.value])}},true)})(${JSON.stringify(EARLY_TAPS)},[])`;
