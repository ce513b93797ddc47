/** The hosted payment page's stylesheet: one card, readable at 375 px and on a desktop, visible focus. */
export const PAGE_STYLES = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  background: #eef1f5;
  color: #1f2933;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.sandbox-note p { margin: 0; }
.sandbox-note {
  margin: 0;
  padding: 8px 16px;
  background: #fff4d6;
  border-bottom: 1px solid #f0d48a;
  color: #6b4e00;
  font-size: 14px;
  text-align: center;
}
.layout { max-width: 480px; margin: 0 auto; padding: 24px 16px 48px; }
.panel {
  background: #fff;
  border: 1px solid #dde3ea;
  border-radius: 12px;
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.08);
  overflow: hidden;
}
.panel-header { padding: 24px 24px 20px; border-bottom: 1px solid #e6eaf0; background: #fafbfc; }
.eyebrow {
  margin: 0 0 4px;
  color: #52606d;
  font-size: 13px;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
}
.eyebrow svg { vertical-align: -2px; margin-right: 4px; }
h1 { margin: 0 0 16px; font-size: 22px; line-height: 1.3; overflow-wrap: anywhere; }
h1:last-child { margin-bottom: 0; }
.summary { display: flex; justify-content: space-between; gap: 16px; margin: 0; }
.summary div { min-width: 0; }
.summary dt { color: #52606d; font-size: 13px; }
.summary dd { margin: 2px 0 0; font-weight: 600; overflow-wrap: anywhere; }
.summary .amount { font-size: 24px; line-height: 1.2; text-align: right; }
.summary .amount-item dt { text-align: right; }
form { padding: 24px; }
.error-summary {
  margin: 0 0 20px;
  padding: 12px 14px;
  border: 1px solid #f1b2ab;
  border-radius: 8px;
  background: #fdf0ef;
  color: #9b1c12;
  font-size: 15px;
}
.field { margin-bottom: 18px; }
.row { display: grid; grid-template-columns: 1fr 1fr; column-gap: 16px; }
/* Labels of unequal length (one may wrap at 375 px) still leave both inputs on one line. */
.row .field { display: grid; grid-row: span 3; grid-template-rows: subgrid; align-content: start; }
.row label { align-self: end; }
label { display: block; margin-bottom: 6px; font-size: 15px; font-weight: 600; }
.input-wrap { position: relative; }
input[type="text"] {
  width: 100%;
  min-height: 48px;
  padding: 10px 12px;
  border: 1px solid #9aa5b1;
  border-radius: 8px;
  background: #fff;
  color: inherit;
  font: inherit;
  font-size: 17px;
}
#card-number { letter-spacing: 0.02em; }
#card-number.with-brand { padding-right: 124px; }
input[type="text"]:hover { border-color: #616e7c; }
input[type="text"]:focus-visible,
button:focus-visible,
a:focus-visible {
  outline: 3px solid #2563eb;
  outline-offset: 2px;
}
input[type="text"]:focus-visible { border-color: #2563eb; }
.has-error input[type="text"] { border-color: #c0362c; background: #fffafa; }
.brand {
  position: absolute;
  top: 50%;
  right: 10px;
  transform: translateY(-50%);
  padding: 2px 8px;
  border: 1px solid #c2cad3;
  border-radius: 4px;
  background: #f5f7fa;
  color: #1f2933;
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.06em;
}
.brand[hidden] { display: none; }
.field-error { margin: 6px 0 0; color: #b42318; font-size: 14px; }
.field-error:empty { display: none; }
.hint { margin: 6px 0 0; color: #52606d; font-size: 13px; }
.pay-button {
  width: 100%;
  min-height: 52px;
  margin-top: 8px;
  border: 0;
  border-radius: 8px;
  background: #1d4ed8;
  color: #fff;
  font: inherit;
  font-size: 18px;
  font-weight: 600;
  cursor: pointer;
}
.pay-button:hover { background: #1e40af; }
.pay-button[aria-disabled="true"] { background: #4b6fd8; cursor: progress; }
.cancel-link {
  display: block;
  width: fit-content;
  margin: 16px auto 0;
  padding: 4px 8px;
  color: #1d4ed8;
  font-size: 15px;
}
.return-link {
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  padding: 8px 16px;
  border-radius: 8px;
  background: #1d4ed8;
  color: #fff;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
}
.return-link:hover { background: #1e40af; }
.footnote { margin: 16px 8px 0; color: #52606d; font-size: 13px; text-align: center; }
.test-cards {
  margin: 16px 0 0;
  padding: 12px 16px;
  border: 1px dashed #d6b656;
  border-radius: 8px;
  background: #fffbeb;
  font-size: 14px;
}
.test-cards summary { font-weight: 600; cursor: pointer; }
.test-cards p { margin: 8px 0; color: #52606d; }
.test-cards ul { margin: 0; padding: 0; list-style: none; }
.test-cards li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 2px 12px; padding: 4px 0; }
.test-card-number { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; }
.test-card-outcome { color: #52606d; }
.message { padding: 24px; }
.message p { margin: 0 0 12px; }
.message ul { margin: 0 0 16px; padding-left: 20px; }
@media (max-width: 400px) {
  .layout { padding: 12px 10px 32px; }
  .panel-header, form, .message { padding-left: 16px; padding-right: 16px; }
  .row { column-gap: 12px; }
}
`;
