import { describe, expect, it } from 'vitest';
import { cleanWordHtml } from './wordPaste';

/** What Word 2016 puts on the clipboard for a heading, a two-level bulleted list, a numbered list and a table. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm;} --></style></head>
<body lang=ZH-CN><!--StartFragment-->
<p class=MsoTitle>年度总结</p>
<h1>一、工作回顾</h1>
<p class=MsoNormal>今年完成了以下工作：<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:21.0pt;text-indent:-21.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Wingdings'><span style='mso-list:Ignore'>l<span style='font:7.0pt "Times New Roman"'>&nbsp; </span></span></span><![endif]>门户上线<o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:42.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>Ø<span>&nbsp; </span></span><![endif]>审批中心<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='margin-left:21.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>l<span>&nbsp; </span></span><![endif]>流程优化<o:p></o:p></p>
<h2>二、计划</h2>
<p class=MsoListParagraphCxSpFirst style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>1.<span>&nbsp; </span></span><![endif]>第一项<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>2.<span>&nbsp; </span></span><![endif]>第二项<o:p></o:p></p>
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0><tr><td width=200 valign=top><p class=MsoNormal>指标<o:p></o:p></p></td><td><p class=MsoNormal>完成<o:p></o:p></p></td></tr></table>
<!--EndFragment--></body></html>`;

describe('pasting from Word (spec: headings, lists and tables are kept)', () => {
  it('turns Word’s list paragraphs into nested lists, keeps headings and tables, drops Word’s extras', () => {
    const doc = new DOMParser().parseFromString(cleanWordHtml(WORD_HTML), 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('年度总结');
    expect([...doc.querySelectorAll('h1, h2')].map((h) => h.textContent)).toEqual([
      '年度总结',
      '一、工作回顾',
      '二、计划',
    ]);
    const bullets = doc.querySelector('ul')!;
    expect([...bullets.children].map((li) => li.firstChild?.textContent?.trim())).toEqual([
      '门户上线',
      '流程优化',
    ]);
    expect(bullets.querySelector('li > ul > li')?.textContent?.trim()).toBe('审批中心');
    const numbered = doc.querySelector('ol')!;
    expect([...numbered.children].map((li) => li.textContent?.trim())).toEqual(['第一项', '第二项']);
    expect(doc.querySelectorAll('table td')).toHaveLength(2);
    expect(doc.body.innerHTML).not.toMatch(/mso-list:Ignore|<o:p|<!--|<style/i);
    expect(doc.body.textContent).not.toMatch(/Ø|\bl\u00a0/);
  });

  it('leaves HTML that did not come from Word alone', () => {
    expect(cleanWordHtml('<p>普通<b>文本</b></p>')).toBe('<p>普通<b>文本</b></p>');
  });
});
