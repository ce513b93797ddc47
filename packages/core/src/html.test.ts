import { describe, expect, it } from 'vitest';
import { escapeHtml, markup, trustedHtml } from './html';

describe('markup', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    const hostile = `"'><img src=x onerror=alert(1)>&`;
    const page = markup`<p title="${hostile}">${hostile}</p>`.value;
    expect(page).toBe(
      '<p title="&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;">&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;</p>',
    );
  });

  it('keeps markup it built or was told to trust, and leaves out absent values', () => {
    const item = markup`<li>${'a<b'}</li>`;
    expect(markup`<ul>${[item, item]}</ul>${undefined}${false}${trustedHtml('<hr>')}`.value).toBe(
      '<ul><li>a&lt;b</li><li>a&lt;b</li></ul><hr>',
    );
  });

  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
