import { describe, expect, it } from 'vitest';
import { bodyFileIds, fileImageSource, sanitizeBody } from './sanitize.js';

describe('the rich-text allow-list', () => {
  it('keeps what a document needs: headings, lists, tables, links, emphasis, alignment', () => {
    const html =
      '<h1>标题</h1><h3>小节</h3><p style="text-align: center"><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p>' +
      '<ul><li>一</li><li>二<ol start="3"><li>三</li></ol></li></ul><blockquote>引用</blockquote>' +
      '<table><colgroup><col style="min-width: 25px"></colgroup><tbody><tr><th colspan="2">表头</th></tr><tr><td rowspan="2">格</td></tr></tbody></table>' +
      '<p><a href="https://example.com/a?b=1">链接</a> <a href="mailto:a@b.c">邮件</a></p><hr>';
    expect(sanitizeBody(html)).toBe(
      '<h1>标题</h1><h3>小节</h3><p style="text-align:center"><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p>' +
        '<ul><li>一</li><li>二<ol start="3"><li>三</li></ol></li></ul><blockquote>引用</blockquote>' +
        '<table><colgroup><col style="min-width:25px" /></colgroup><tbody><tr><th colspan="2">表头</th></tr><tr><td rowspan="2">格</td></tr></tbody></table>' +
        '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">链接</a> <a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">邮件</a></p><hr />',
    );
  });

  it('drops scripts, style sheets, frames, forms, event handlers and javascript: or data: URLs', () => {
    const dirty =
      '<script>alert(1)</script><style>body{}</style><iframe src="https://x"></iframe><form><input value="x"></form>' +
      '<p onmouseover="alert(2)" style="background:url(javascript:alert(3))">文字</p>' +
      '<a href="javascript:alert(4)">一</a><a href=" JaVaScRiPt:alert(5)">二</a><a href="data:text/html,<script>">三</a>' +
      '<img src="data:image/png;base64,AAAA"><img src="javascript:alert(6)"><img src="https://x/y.png" onerror="alert(7)">' +
      '<svg><script>alert(8)</script></svg><math><mi>x</mi></math><object data="x"></object><embed src="x"><base href="https://evil">';
    const clean = sanitizeBody(dirty);
    expect(clean).not.toMatch(
      /script|style=|iframe|form|input|on\w+=|javascript|data:|svg|object|embed|base/i,
    );
    expect(clean).toContain('<p>文字</p>');
    expect(clean).toContain('<img src="https://x/y.png" />');
  });

  it('an image of our files is fetched by its id, whatever address the editor showed', () => {
    const clean = sanitizeBody(
      '<p><img src="blob:https://portal/abc" data-file-id="f_1-2" alt="图"></p><img data-file-id="../x">',
    );
    expect(clean).toBe(`<p><img src="${fileImageSource('f_1-2')}" alt="图" data-file-id="f_1-2" /></p>`);
    expect(bodyFileIds(clean)).toEqual(['f_1-2']);
  });
});
