// Tests (plain Node): how a push's plan reads the course, against the sandbox over real HTTP. The
// course and its sections are asked for together, the sections in one page even past the API's
// default page size, and a course that is not there is told as such (not as its section list).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/index.ts';
import { useTestSandbox } from '../test-support/index.ts';
import { readCourse } from './push-api.ts';
import { courseAt } from './test-support/index.ts';

const sandbox = useTestSandbox({ seed: 'demo' });

describe('readCourse', () => {
  it('reads a course of 25 sections in two requests: the course and one page of its sections', async () => {
    const client = sandbox.client();
    const courseId = await courseAt(client, 1);
    const before = (await readCourse(client, courseId)).sections.length;
    const titles = Array.from({ length: 25 - before }, (_, i) => `Part ${i + 1}`);
    for (const title of titles) await client.sections.create(courseId, { title }, { idempotencyKey: randomUUID() });
    const reader = sandbox.client();
    const course = await readCourse(reader, courseId);
    expect(course.sections).toHaveLength(25);
    expect(course.sections.slice(before).map((s) => s.title)).toEqual(titles);
    expect(
      reader
        .requestLog()
        .map((r) => r.operation)
        .sort(),
    ).toEqual(['courses.get', 'sections.outline']);
  });

  it("tells a course that is not there by the course's own answer", async () => {
    const error: unknown = await readCourse(sandbox.client(), randomUUID()).catch((e: unknown) => e);
    expect(isApiError(error) && { kind: error.kind, operation: error.operation }).toEqual({
      kind: 'NotFound',
      operation: 'courses.get',
    });
  });
});
