import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useEffect } from 'react';
import { RICH_TEXT_TAGS, trimRichText } from '../../../../engine/forms/field-types/rich-text';
import { message } from '../../../../engine/messages/catalogue';
import { requiredLabel } from '../../labels';

/** HTML kept to the formatting tags a rich-text answer may have (the server keeps the same). */
export function cleanRichText(html: string): string {
  return trimRichText(DOMPurify.sanitize(html, { ALLOWED_TAGS: RICH_TEXT_TAGS, ALLOWED_ATTR: [] }));
}

/**
 * wysiwygInput: formatted text in a Tiptap editor with a small toolbar (bold, italic, bullet and numbered
 * lists). The value is sanitised HTML; an empty editor is no answer. Read-only in view state.
 */
export default function WysiwygWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, options } = props;
  const { rawErrors = [] } = props;
  const editable = !(disabled || readonly);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3, 4] } })],
    content: cleanRichText(typeof value === 'string' ? value : ''),
    editable,
    // No <style> element of its own: the page's CSP admits only nonce'd styles; sx styles the editor.
    injectCSS: false,
    editorProps: { attributes: { id, 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      const html = cleanRichText(e.getHTML());
      onChange(e.isEmpty ? options.emptyValue : html);
    },
  });
  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  const tools = [
    { name: 'toggleBold', icon: <FormatBoldIcon fontSize="small" />, label: message('richText.bold') },
    { name: 'toggleItalic', icon: <FormatItalicIcon fontSize="small" />, label: message('richText.italic') },
    {
      name: 'toggleBulletList',
      icon: <FormatListBulletedIcon fontSize="small" />,
      label: message('richText.bulletList'),
    },
    {
      name: 'toggleOrderedList',
      icon: <FormatListNumberedIcon fontSize="small" />,
      label: message('richText.numberedList'),
    },
  ] as const;

  return (
    <FormControl fullWidth margin="dense" error={rawErrors.length > 0}>
      {!hideLabel && <FormLabel htmlFor={id}>{requiredLabel(label, required)}</FormLabel>}
      {editable && (
        <Stack direction="row" gap={0.5}>
          {tools.map((tool) => (
            <IconButton
              key={tool.name}
              size="small"
              aria-label={tool.label}
              onClick={() => editor?.chain().focus()[tool.name]().run()}
            >
              {tool.icon}
            </IconButton>
          ))}
        </Stack>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: rawErrors.length > 0 ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          minHeight: 96,
          '& .ProseMirror': { outline: 'none', minHeight: 80 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </FormControl>
  );
}
