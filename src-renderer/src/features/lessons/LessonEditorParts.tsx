/**
 * Renderer. The lesson editor's parts: its fields (title, type, description, and the text with a
 * Markdown preview), the bar with the video state, the autosave line and "Save to server", the
 * notes under it (the draft's state, the server's refusal, a lesson just created).
 * Presentational: LessonEditorScreen feeds them from the lesson session.
 */
import { useState } from 'react';
import type { Lesson } from '../../../../src-shared/index.ts';
import { SelectField, TextAreaField, TextField } from '../../components/Field.tsx';
import { AutosaveLine, useSaveActionLabel } from '../drafts/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { TITLE_MAX, typeOptions, videoState, type LessonForm } from './fields.ts';
import { MarkdownPreview } from './MarkdownPreview.tsx';
import { useLessonSession } from './lesson-session.ts';
import { t } from '../../lib/i18n.ts';

export interface LessonFieldsProps {
  form: LessonForm;
  errorOf: (field: string) => string | null;
  locked: boolean;
  /** Whether the lesson exists on the server yet (its video is added from its editor once it does). */
  exists: boolean;
}

const change = (field: keyof LessonForm) => (value: string) => useLessonSession.getState().change(field, value, value);

function TextWithPreview({ form, errorOf, locked }: Omit<LessonFieldsProps, 'exists'>) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="text-content">
      <div
        className="text-content-tabs"
        role="group"
        aria-label={t({ id: 'lessons.lessonEditorParts.textView', defaultMessage: 'Text view' })}
      >
        <button
          type="button"
          className="button button--small"
          aria-pressed={!preview}
          onClick={() => setPreview(false)}
        >
          {t({ id: 'lessons.lessonEditorParts.write', defaultMessage: 'Write' })}
        </button>
        <button
          type="button"
          className="button button--small"
          aria-pressed={preview}
          onClick={() => setPreview(true)}
          data-testid="preview-toggle"
        >
          {t({ id: 'lessons.lessonEditorParts.preview', defaultMessage: 'Preview' })}
        </button>
      </div>
      {preview ? (
        <section
          aria-label={t({
            id: 'lessons.lessonEditorParts.previewOfTheLessonText',
            defaultMessage: 'Preview of the lesson text',
          })}
          className="text-content-preview"
        >
          <MarkdownPreview source={form.text_content} />
        </section>
      ) : (
        <TextAreaField
          label={t({ id: 'lessons.lessonEditorParts.text', defaultMessage: 'Text' })}
          name="text_content"
          value={form.text_content}
          onChange={change('text_content')}
          error={errorOf('text_content')}
          disabled={locked}
          rows={16}
          hint={t({
            id: 'lessons.lessonEditorParts.plainTextMarkdownHeadingsLists',
            defaultMessage: 'Plain text. Markdown (# headings, - lists, **bold**, *emphasis*) shows in the preview.',
          })}
        />
      )}
    </div>
  );
}

export function LessonFields({ form, errorOf, locked, exists }: LessonFieldsProps) {
  return (
    <>
      <TextField
        label={t({ id: 'lessons.lessonEditorParts.title', defaultMessage: 'Title' })}
        name="title"
        value={form.title}
        onChange={change('title')}
        error={errorOf('title')}
        disabled={locked}
        required
        maxLengthHint={TITLE_MAX}
      />
      <SelectField
        label={t({ id: 'lessons.lessonEditorParts.type', defaultMessage: 'Type' })}
        name="lesson_type"
        value={form.lesson_type}
        onChange={change('lesson_type')}
        options={typeOptions(form.lesson_type)}
        error={errorOf('lesson_type')}
        disabled={locked}
        hint={
          form.lesson_type === 'VIDEO' && !exists
            ? t({
                id: 'lessons.lessonEditorParts.onceTheLessonIsCreated',
                defaultMessage: 'Once the lesson is created, its editor opens here with “Add video…”.',
              })
            : undefined
        }
      />
      <TextAreaField
        label={t({ id: 'lessons.lessonEditorParts.description', defaultMessage: 'Description' })}
        name="description"
        value={form.description}
        onChange={change('description')}
        error={errorOf('description')}
        disabled={locked}
        rows={3}
      />
      <TextWithPreview form={form} errorOf={errorOf} locked={locked} />
    </>
  );
}

export function LessonEditorBar(props: { lesson: Lesson | null; canSubmit: boolean; onSave: () => void }) {
  const state = useLessonSession();
  const saveLabel = useSaveActionLabel();
  const refusal = useWriteRefusal('lesson');
  return (
    <div className="editor-bar">
      <div className="editor-status">
        {props.lesson && (
          <span data-testid="lesson-video-state">
            <span className="muted">{t({ id: 'lessons.lessonEditorParts.video', defaultMessage: 'Video' })}</span>{' '}
            {videoState(props.lesson).text}
          </span>
        )}
        <AutosaveLine session={state} />
      </div>
      <div className="editor-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!props.canSubmit}
          onClick={props.onSave}
          data-testid="save-to-server"
          data-editor-save
          aria-keyshortcuts="Control+S Meta+S"
          title={refusal ?? undefined}
        >
          {state.submitting ? t({ id: 'lessons.lessonEditorParts.saving', defaultMessage: 'Saving…' }) : saveLabel}
        </button>
      </div>
    </div>
  );
}
