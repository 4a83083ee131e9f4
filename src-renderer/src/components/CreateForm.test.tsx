import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BridgeError } from '../bridge.ts';
import { CreateForm, useCreateRequest } from './CreateForm.tsx';
import { TextAreaField, TextField } from './Field.tsx';

afterEach(cleanup);

interface Made {
  id: string;
  title: string;
}

/** A small feature form over the scaffold: a title that must not be empty, and a description. */
function NewThing(props: {
  request: (title: string) => Promise<Made>;
  onCreated: (made: Made) => void;
  onCancel?: () => void;
  blockedReason?: string | null;
  sayBlocked?: boolean;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateRequest(() => props.request(title), { subject: 'newAssessments' });
  const problems: Record<string, string> = title.trim() ? {} : { title: 'Give it a title.' };
  return (
    <CreateForm
      label="New thing"
      submitLabel="Create thing"
      problems={problems}
      serverProblems={create.serverProblems}
      pending={create.pending}
      serverError={create.serverError}
      onSubmit={create.send}
      created={create.created}
      onCreated={props.onCreated}
      onCancel={props.onCancel}
      blockedReason={props.blockedReason}
      sayBlocked={props.sayBlocked}
    >
      {({ errorFor, touch }) => (
        <>
          <TextField
            label="Title"
            name="title"
            value={title}
            error={errorFor('title')}
            onChange={setTitle}
            onBlur={() => touch('title')}
          />
          <TextAreaField label="Description" name="description" value={description} onChange={setDescription} />
        </>
      )}
    </CreateForm>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('CreateForm', () => {
  it('sends nothing while a field has a problem: shows it at the field and focuses that field', () => {
    const request = vi.fn<(title: string) => Promise<Made>>();
    render(<NewThing request={request} onCreated={() => {}} />);
    expect(screen.queryByText('Give it a title.')).toBeNull(); // not before the user tried

    fireEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(request).not.toHaveBeenCalled();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('error-title').textContent).toBe('Give it a title.');
    expect(screen.getByText('Fix the marked fields first.')).toBeTruthy();
    expect(document.activeElement).toBe(title);
  });

  it('shows a problem of a touched field as the user types, before any submit', () => {
    render(<NewThing request={vi.fn()} onCreated={() => {}} />);
    fireEvent.blur(screen.getByRole('textbox', { name: 'Title' }));
    expect(screen.getByTestId('error-title').textContent).toBe('Give it a title.');
  });

  it('Enter submits once; the button says it is working and cannot be pressed twice; then opens what was made', async () => {
    const answer = deferred<Made>();
    const request = vi.fn(() => answer.promise);
    const onCreated = vi.fn();
    render(<NewThing request={request} onCreated={onCreated} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Safety week' } });
    fireEvent.submit(title); // what Enter in a one-line field does

    const working = screen.getByRole('button', { name: 'Creating…' });
    expect(working).toHaveProperty('disabled', true);
    fireEvent.submit(title);
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('form', { name: 'New thing' }).getAttribute('aria-busy')).toBe('true');

    await act(async () => answer.resolve({ id: 'a1', title: 'Safety week' }));
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(onCreated).toHaveBeenCalledWith({ id: 'a1', title: 'Safety week' });
  });

  it('Ctrl+Enter submits from a description; Escape cancels', () => {
    const request = vi.fn(() => new Promise<Made>(() => {}));
    const onCancel = vi.fn();
    render(<NewThing request={request} onCreated={() => {}} onCancel={onCancel} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Week 1' } });
    const description = screen.getByRole('textbox', { name: 'Description' });
    fireEvent.keyDown(description, { key: 'Enter' });
    expect(request).not.toHaveBeenCalled(); // a new line, not a submit
    fireEvent.keyDown(description, { key: 'Enter', ctrlKey: true });
    expect(request).toHaveBeenCalledTimes(1);

    cleanup();
    render(<NewThing request={request} onCreated={() => {}} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal once, in plain words, with its field problem at the field; a new try clears it', async () => {
    const refusal = new BridgeError({
      code: 'API_VALIDATION',
      message: 'The given data was invalid.',
      details: { errors: [{ field: 'title', message: 'This title is already taken.' }] },
    });
    const request = vi.fn((): Promise<Made> => Promise.reject(refusal));
    render(<NewThing request={request} onCreated={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Taken' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create thing' })));

    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toBe('The server rejected some fields. They are marked below.');
    expect(screen.getByTestId('error-title').textContent).toBe('This title is already taken.');
    expect(screen.getByRole('button', { name: 'Create thing' })).toHaveProperty('disabled', false);

    request.mockImplementation(() => new Promise<Made>(() => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a key refused these creates: Create is disabled with the reason, said once (or not, when said elsewhere)', () => {
    const reason = 'This workspace’s key may view things but not change them.';
    const request = vi.fn((): Promise<Made> => new Promise<Made>(() => {}));
    const { rerender } = render(<NewThing request={request} onCreated={() => {}} blockedReason={reason} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Fine' } });
    const create = screen.getByRole('button', { name: 'Create thing' });
    expect(create).toHaveProperty('disabled', true);
    expect(create.getAttribute('title')).toBe(reason);
    expect(screen.getByTestId('write-refused').textContent).toBe(reason);
    // Ctrl+Enter does not get round it.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'Enter', ctrlKey: true });
    expect(request).not.toHaveBeenCalled();

    rerender(<NewThing request={request} onCreated={() => {}} blockedReason={reason} sayBlocked={false} />);
    expect(screen.queryByTestId('write-refused')).toBeNull();
    rerender(<NewThing request={request} onCreated={() => {}} blockedReason={null} />);
    expect(screen.getByRole('button', { name: 'Create thing' })).toHaveProperty('disabled', false);
  });
});
