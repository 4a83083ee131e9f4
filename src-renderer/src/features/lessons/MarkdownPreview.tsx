/**
 * Renderer. A small Markdown preview for lesson text: headings, paragraphs, lists, **bold**,
 * *emphasis* and `code`. Built from React text nodes only (no HTML is ever parsed), so whatever
 * the text holds cannot run or inject anything. The text itself is sent as plain text.
 */
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; text: string };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (token.startsWith('**')) parts.push(<strong key={key++}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith('`')) parts.push(<code key={key++}>{token.slice(1, -1)}</code>);
    else parts.push(<em key={key++}>{token.slice(1, -1)}</em>);
    last = match.index + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function MarkdownPreview({ source }: { source: string }) {
  const blocks = parseBlocks(source);
  if (blocks.length === 0)
    return (
      <p className="muted">
        {t({ id: 'lessons.markdownPreview.nothingToPreviewYet', defaultMessage: 'Nothing to preview yet.' })}
      </p>
    );
  return (
    <div className="markdown-preview" data-testid="markdown-preview">
      {blocks.map((block, index) => {
        if (block.kind === 'paragraph') return <p key={index}>{inline(block.text)}</p>;
        if (block.kind === 'list') {
          const items = block.items.map((item, i) => <li key={i}>{inline(item)}</li>);
          return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
        }
        // Shown as styled paragraphs, not headings: the screen's own heading order stays intact.
        return (
          <p key={index} className={`markdown-heading markdown-heading--${block.level}`}>
            {inline(block.text)}
          </p>
        );
      })}
    </div>
  );
}
