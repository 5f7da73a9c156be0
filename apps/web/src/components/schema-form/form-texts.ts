import type { Language } from '@eip/contracts/codes';
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import { currentLanguage } from '../../i18n';

type Translated = Partial<Record<TranslatableString, string>>;

/**
 * The form library's own words (buttons of a list field, 是/否 of a yes-no field, empty and optional-object
 * notes) in the two Chinese languages; %1, %2 are its parameters. English keeps the library's own wording, and
 * a developer's message (an unsupported schema) stays in English in every language.
 */
const FORM_TEXTS: Record<Exclude<Language, 'en-US'>, Translated> = {
  'zh-CN': {
    [TranslatableString.ArrayItemTitle]: '项',
    [TranslatableString.EmptyArray]: '暂无内容，请点击下方按钮添加',
    [TranslatableString.YesLabel]: '是',
    [TranslatableString.NoLabel]: '否',
    [TranslatableString.CloseLabel]: '关闭',
    [TranslatableString.ErrorsLabel]: '错误',
    [TranslatableString.NewStringDefault]: '新值',
    [TranslatableString.AddButton]: '添加',
    [TranslatableString.AddItemButton]: '添加一项',
    [TranslatableString.CopyButton]: '复制',
    [TranslatableString.MoveDownButton]: '下移',
    [TranslatableString.MoveUpButton]: '上移',
    [TranslatableString.RemoveButton]: '删除',
    [TranslatableString.NowLabel]: '现在',
    [TranslatableString.ClearLabel]: '清除',
    [TranslatableString.AriaDateLabel]: '选择日期',
    [TranslatableString.PreviewLabel]: '预览',
    [TranslatableString.DecrementAriaLabel]: '减 1',
    [TranslatableString.IncrementAriaLabel]: '加 1',
    [TranslatableString.OptionalObjectAdd]: '为可选字段添加内容',
    [TranslatableString.OptionalObjectRemove]: '移除可选字段的内容',
    [TranslatableString.OptionalObjectEmptyMsg]: '可选字段暂无内容',
    [TranslatableString.Type]: '类型',
    [TranslatableString.Value]: '值',
    [TranslatableString.ClearButton]: '清空输入',
    [TranslatableString.OptionPrefix]: '选项 %1',
    [TranslatableString.TitleOptionPrefix]: '%1 选项 %2',
    [TranslatableString.KeyLabel]: '%1 键',
  },
  'zh-TW': {
    [TranslatableString.ArrayItemTitle]: '項',
    [TranslatableString.EmptyArray]: '暫無內容，請點擊下方按鈕新增',
    [TranslatableString.YesLabel]: '是',
    [TranslatableString.NoLabel]: '否',
    [TranslatableString.CloseLabel]: '關閉',
    [TranslatableString.ErrorsLabel]: '錯誤',
    [TranslatableString.NewStringDefault]: '新值',
    [TranslatableString.AddButton]: '新增',
    [TranslatableString.AddItemButton]: '新增一項',
    [TranslatableString.CopyButton]: '複製',
    [TranslatableString.MoveDownButton]: '下移',
    [TranslatableString.MoveUpButton]: '上移',
    [TranslatableString.RemoveButton]: '刪除',
    [TranslatableString.NowLabel]: '現在',
    [TranslatableString.ClearLabel]: '清除',
    [TranslatableString.AriaDateLabel]: '選擇日期',
    [TranslatableString.PreviewLabel]: '預覽',
    [TranslatableString.DecrementAriaLabel]: '減 1',
    [TranslatableString.IncrementAriaLabel]: '加 1',
    [TranslatableString.OptionalObjectAdd]: '為選填欄位新增內容',
    [TranslatableString.OptionalObjectRemove]: '移除選填欄位的內容',
    [TranslatableString.OptionalObjectEmptyMsg]: '選填欄位暫無內容',
    [TranslatableString.Type]: '類型',
    [TranslatableString.Value]: '值',
    [TranslatableString.ClearButton]: '清空輸入',
    [TranslatableString.OptionPrefix]: '選項 %1',
    [TranslatableString.TitleOptionPrefix]: '%1 選項 %2',
    [TranslatableString.KeyLabel]: '%1 鍵',
  },
};

/** The form library's words in a language, its %1, %2 … filled with `params`. */
export function formText(lang: Language, text: TranslatableString, params?: string[]): string {
  const translated = lang === 'en-US' ? undefined : FORM_TEXTS[lang][text];
  if (translated === undefined) return englishStringTranslator(text, params);
  return (params ?? []).reduce((words, param, index) => words.replaceAll(`%${index + 1}`, param), translated);
}

/** The `translateString` of every form: its words in the language in use when it renders. */
export const translateFormString = (text: TranslatableString, params?: string[]) =>
  formText(currentLanguage(), text, params);
