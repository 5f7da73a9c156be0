import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Select, Tooltip, theme } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../app/feedback';
import { uploadAttachment } from '../../../../components/attachments/attachments';
import '../../shared/content.css';
import { cleanWordHtml } from '../wordPaste';

/** Images of the portal's files carry their id (data-file-id); the server serves them by it. */
const FileImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      fileId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-file-id'),
        renderHTML: (attributes) => (attributes.fileId ? { 'data-file-id': String(attributes.fileId) } : {}),
      },
    };
  },
});

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/**
 * The rich-text editor of news, notices and meetings (tiptap): headings, emphasis, lists, quotes, links,
 * images (uploaded as files of the portal), tables and alignment; a document pasted from Word keeps its
 * headings, lists and tables. `initialHtml` is read once; every change reports the HTML.
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  id,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['mailto'] } }),
      FileImage,
      TableKit.configure({ table: { resizable: false } }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: true,
    editorProps: {
      transformPastedHTML: cleanWordHtml,
      attributes: {
        'aria-label': t('content.editor.area'),
        'aria-multiline': 'true',
        role: 'textbox',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  return (
    <div
      className="content-editor"
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active ?? undefined}
        icon={icon}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const chain = () => editor.chain().focus();
  const level = ([1, 2, 3] as const).find((n) => editor.isActive('heading', { level: n }));
  const inTable = editor.isActive('table');

  const insertImages = async (files: FileList | null) => {
    const images = [...(files ?? [])].filter((file) => file.type.startsWith('image/'));
    if (files?.length && images.length === 0) toast.error(t('content.form.imageOnly'));
    setUploading(true);
    try {
      for (const file of images) {
        const uploaded = await uploadAttachment(file, 'newsImage');
        chain()
          .insertContent({
            type: 'image',
            attrs: { src: URL.createObjectURL(file), alt: file.name, fileId: uploaded.response.fileId },
          })
          .run();
      }
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const setLink = () => {
    const previous = String(editor.getAttributes('link').href ?? '');
    const address = window.prompt(t('content.editor.linkPrompt'), previous || 'https://');
    if (address === null) return;
    if (!address.trim() || address.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else if (SAFE_LINK.test(address.trim()))
      chain().extendMarkRange('link').setLink({ href: address.trim() }).run();
  };

  return (
    <Flex
      role="toolbar"
      aria-label={t('content.editor.toolbar')}
      gap={2}
      wrap
      align="center"
      style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Select
        size="small"
        aria-label={t('content.editor.paragraph')}
        style={{ width: 96 }}
        value={level ?? 0}
        onChange={(value: number) =>
          value === 0
            ? chain().setParagraph().run()
            : chain()
                .toggleHeading({ level: value as 1 | 2 | 3 })
                .run()
        }
        options={[
          { value: 0, label: t('content.editor.paragraph') },
          ...[1, 2, 3].map((n) => ({ value: n, label: t('content.editor.heading', { level: n }) })),
        ]}
      />
      <ToolButton
        label={t('content.editor.bold')}
        icon={<BoldOutlined />}
        active={editor.isActive('bold')}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label={t('content.editor.italic')}
        icon={<ItalicOutlined />}
        active={editor.isActive('italic')}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label={t('content.editor.underline')}
        icon={<UnderlineOutlined />}
        active={editor.isActive('underline')}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label={t('content.editor.strike')}
        icon={<StrikethroughOutlined />}
        active={editor.isActive('strike')}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        label={t('content.editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={editor.isActive('bulletList')}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label={t('content.editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={editor.isActive('orderedList')}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label={t('content.editor.quote')}
        icon={<span aria-hidden>❝</span>}
        active={editor.isActive('blockquote')}
        onClick={() => chain().toggleBlockquote().run()}
      />
      {(['left', 'center', 'right'] as const).map((align) => (
        <ToolButton
          key={align}
          label={t(
            `content.editor.align${align === 'left' ? 'Left' : align === 'center' ? 'Center' : 'Right'}`,
          )}
          icon={
            align === 'left' ? (
              <AlignLeftOutlined />
            ) : align === 'center' ? (
              <AlignCenterOutlined />
            ) : (
              <AlignRightOutlined />
            )
          }
          active={editor.isActive({ textAlign: align })}
          onClick={() => chain().setTextAlign(align).run()}
        />
      ))}
      <ToolButton
        label={t('content.editor.link')}
        icon={<LinkOutlined />}
        active={editor.isActive('link')}
        onClick={setLink}
      />
      <ToolButton
        label={uploading ? t('content.editor.uploading') : t('content.editor.image')}
        icon={<PictureOutlined />}
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        style={{ display: 'none' }}
        aria-label={t('content.editor.image')}
        onChange={(event) => void insertImages(event.target.files)}
      />
      <ToolButton
        label={t('content.editor.table')}
        icon={<TableOutlined />}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {inTable && (
        <>
          <ToolButton
            label={t('content.editor.addRow')}
            icon={<InsertRowBelowOutlined />}
            onClick={() => chain().addRowAfter().run()}
          />
          <ToolButton
            label={t('content.editor.addColumn')}
            icon={<InsertRowRightOutlined />}
            onClick={() => chain().addColumnAfter().run()}
          />
          <ToolButton
            label={t('content.editor.deleteRow')}
            icon={<DeleteRowOutlined />}
            onClick={() => chain().deleteRow().run()}
          />
          <ToolButton
            label={t('content.editor.deleteColumn')}
            icon={<DeleteColumnOutlined />}
            onClick={() => chain().deleteColumn().run()}
          />
          <ToolButton
            label={t('content.editor.deleteTable')}
            icon={<DeleteOutlined />}
            onClick={() => chain().deleteTable().run()}
          />
        </>
      )}
      <ToolButton
        label={t('content.editor.undo')}
        icon={<UndoOutlined />}
        disabled={!editor.can().undo()}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label={t('content.editor.redo')}
        icon={<RedoOutlined />}
        disabled={!editor.can().redo()}
        onClick={() => chain().redo().run()}
      />
    </Flex>
  );
}
