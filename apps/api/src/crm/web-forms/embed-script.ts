import { createHash } from 'node:crypto';

/**
 * The script a site includes to show a form (docs/product/web-forms.md#embedding). It renders every
 * `<div data-tessera-form="<id>">` of the page with the DOM API only (labels are text, never
 * HTML), sends the answers form-encoded (a simple request: no preflight) without cookies, shows
 * the field messages a 400 carries, and waits out the minimum fill time instead of failing a fast
 * visitor. The API's origin is the script's own.
 */
export const EMBED_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var api = script ? new URL(script.src).origin : '';
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs) if (attrs[name] !== undefined && attrs[name] !== null) node.setAttribute(name, attrs[name]);
    if (text) node.textContent = text;
    return node;
  }
  function render(host) {
    var id = host.getAttribute('data-tessera-form');
    if (!id || host.getAttribute('data-tessera-ready')) return;
    host.setAttribute('data-tessera-ready', '1');
    var status = el('p', { role: 'status', 'aria-live': 'polite' });
    host.appendChild(status);
    fetch(api + '/api/forms/' + encodeURIComponent(id), { credentials: 'omit' })
      .then(function (response) {
        if (!response.ok) throw new Error('unavailable');
        return response.json();
      })
      .then(function (form) { build(host, form, status); })
      .catch(function () { status.textContent = 'This form is not available right now.'; });
  }
  function build(host, form, status) {
    var shownAt = Date.now();
    var formEl = el('form', { novalidate: '', 'aria-label': form.name, 'class': 'tessera-form' });
    var messages = {};
    form.fields.forEach(function (field) {
      var inputId = 'tf-' + form.id + '-' + field.field;
      var wrap = el('div', { 'class': 'tessera-field' });
      wrap.appendChild(el('label', { 'for': inputId }, field.label + (field.required ? ' *' : '')));
      var input;
      if (field.kind === 'select') {
        input = el('select', { id: inputId, name: field.field });
        input.appendChild(el('option', { value: '' }, 'Choose…'));
        field.options.forEach(function (option) { input.appendChild(el('option', { value: option }, option)); });
      } else if (field.kind === 'textarea') {
        input = el('textarea', { id: inputId, name: field.field, maxlength: field.max_length, rows: '4' });
      } else {
        input = el('input', { id: inputId, name: field.field, type: field.kind, maxlength: field.max_length });
      }
      if (field.required) input.setAttribute('required', '');
      var message = el('p', { id: inputId + '-error', 'class': 'tessera-error' });
      input.setAttribute('aria-describedby', message.id);
      messages[field.field] = { input: input, message: message };
      wrap.appendChild(input);
      wrap.appendChild(message);
      formEl.appendChild(wrap);
    });
    if (form.consent_text) {
      var consentId = 'tf-' + form.id + '-consent';
      var consent = el('div', { 'class': 'tessera-field' });
      var box = el('input', { id: consentId, name: 'consent', type: 'checkbox', value: 'yes', required: '' });
      consent.appendChild(box);
      consent.appendChild(el('label', { 'for': consentId }, form.consent_text));
      var consentMessage = el('p', { id: consentId + '-error', 'class': 'tessera-error' });
      box.setAttribute('aria-describedby', consentMessage.id);
      messages.consent = { input: box, message: consentMessage };
      consent.appendChild(consentMessage);
      formEl.appendChild(consent);
    }
    // The honeypot: out of sight and out of the tab order; people leave it empty, bots fill it.
    var trap = el('div', { 'aria-hidden': 'true' });
    trap.style.cssText = 'position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden';
    trap.appendChild(el('input', { name: form.honeypot, type: 'text', tabindex: '-1', autocomplete: 'off' }));
    formEl.appendChild(trap);
    var button = el('button', { type: 'submit' }, 'Send');
    formEl.appendChild(button);
    host.insertBefore(formEl, status);
    formEl.addEventListener('submit', function (event) {
      event.preventDefault();
      button.disabled = true;
      status.textContent = 'Sending…';
      var body = new URLSearchParams(new FormData(formEl));
      body.set(form.token_field, form.token);
      var wait = Math.max(0, form.min_fill_seconds * 1000 - (Date.now() - shownAt));
      setTimeout(function () { send(body); }, wait);
    });
    function send(body) {
      Object.keys(messages).forEach(function (name) {
        messages[name].message.textContent = '';
        messages[name].input.removeAttribute('aria-invalid');
      });
      fetch(form.submit_url, { method: 'POST', body: body, credentials: 'omit' })
        .then(function (response) {
          return response.json().then(function (answer) { return { ok: response.ok, status: response.status, answer: answer }; });
        })
        .then(function (result) {
          if (result.ok) {
            if (result.answer.redirect_url) {
              (window.top || window).location.href = result.answer.redirect_url;
              return;
            }
            formEl.remove();
            status.textContent = result.answer.message;
            return;
          }
          button.disabled = false;
          var errors = (result.answer && result.answer.errors) || {};
          var first = null;
          Object.keys(errors).forEach(function (name) {
            var slot = messages[name];
            if (!slot) return;
            slot.message.textContent = errors[name].join(' ');
            slot.input.setAttribute('aria-invalid', 'true');
            if (!first) first = slot.input;
          });
          status.textContent = result.status === 429
            ? 'Too many forms were sent from here. Please try again in a minute.'
            : (result.answer && result.answer.message) || 'The form could not be sent.';
          if (first) first.focus();
        })
        .catch(function () {
          button.disabled = false;
          status.textContent = 'The form could not be sent. Please try again.';
        });
    }
  }
  function start() {
    var hosts = document.querySelectorAll('[data-tessera-form]');
    for (var i = 0; i < hosts.length; i++) render(hosts[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;

const PAGE_STYLE = `h1{font-size:1.25rem}body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:16px;color:#1f2933}
.tessera-field{margin-bottom:12px}label{display:block;font-weight:600;margin-bottom:4px}
input[type=checkbox]+label{display:inline;font-weight:400;margin-left:6px}
input:not([type=checkbox]),select,textarea{box-sizing:border-box;width:100%;padding:8px;border:1px solid #7b8794;border-radius:4px;font:inherit}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}.tessera-error{color:#b91c1c;margin:4px 0 0;min-height:0}
button{padding:10px 20px;border:0;border-radius:4px;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}`;

/** The style element's hash, so the page's CSP allows exactly it and no other inline style. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page an iframe shows: the same script, on this origin. */
export function formPage(form: { id: string; name: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(form.name)}</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(form.name)}</h1>
<div data-tessera-form="${escapeHtml(form.id)}"></div></main>
<script src="/api/forms/embed.js"></script></body></html>`;
}
