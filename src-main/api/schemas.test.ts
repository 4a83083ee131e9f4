// Tests (plain Node): the zod schemas against the reference's fields, enums and limits, and the
// catalogue's completeness.
import { describe, expect, it } from 'vitest';
import * as s from '../../src-shared/api/schemas.ts';
import { strictFields } from '../../src-shared/api/reading.ts';
import type { Fields } from '../../src-shared/api/reading.ts';
import { catalogue, operations, buildPath } from './catalogue.ts';
import * as fx from './test-support/index.ts';

describe('resources', () => {
  it('accept valid fixtures and pass unknown fields through', () => {
    const c = s.course.parse({ ...fx.course(), brand_new_field: 1 });
    expect(c).toHaveProperty('brand_new_field', 1);
    expect(s.assessment.safeParse(fx.assessment()).success).toBe(true);
    expect(s.section.safeParse(fx.section()).success).toBe(true);
    expect(s.quiz.safeParse(fx.quiz()).success).toBe(true);
    expect(s.uploadSession.safeParse(fx.uploadSession()).success).toBe(true);
  });

  it('the reference: full enums are strict; open enums take any string', () => {
    const r = s.shapes;
    expect(r.course.reference.safeParse({ ...fx.course(), level: 'expert' }).success).toBe(false);
    expect(r.course.reference.safeParse({ ...fx.course(), status: 'draft' }).success).toBe(false);
    expect(r.assessment.reference.safeParse({ ...fx.assessment(), seat_layout: 'ROUND' }).success).toBe(false);
    expect(
      r.assessment.reference.safeParse({ ...fx.assessment(), seat_layout: null, source: null, type: null }).success,
    ).toBe(true);
    expect(r.quiz.reference.safeParse({ ...fx.quiz(), status: 'SOMETHING_NEW' }).success).toBe(true);
    expect(r.lesson.reference.safeParse({ ...fx.lesson(), lesson_type: 'PODCAST' }).success).toBe(true);
  });

  it('the reading keeps an unknown full-enum value as it came', () => {
    expect(s.course.parse({ ...fx.course(), level: 'expert' }).level).toBe('expert');
    expect(s.assessment.parse({ ...fx.assessment(), seat_layout: 'ROUND' }).seat_layout).toBe('ROUND');
    expect(s.uploadSession.safeParse({ ...fx.uploadSession(), status: 'WEIRD', upload_type: 'PDF' }).success).toBe(
      true,
    );
  });

  it('the reference requires every field; the reading requires exactly the strict ones', () => {
    const strictOnes = ['id', 'course_id', 'updated_datetime'];
    for (const key of Object.keys(fx.assessment())) {
      const a = fx.assessment();
      delete a[key];
      expect(s.shapes.assessment.reference.safeParse(a).success, key).toBe(false);
      expect(s.assessment.safeParse(a).success, key).toBe(!strictOnes.includes(key));
    }
    expect(strictFields(s.shapes.assessment.fields).sort()).toEqual([...strictOnes].sort());
    expect(strictFields(s.shapes.uploadSession.fields).sort()).toEqual(['id', 'part_size', 'status', 'total_parts']);
  });

  it('strict are exactly the fields ASSUMPTIONS.md says the app acts on', () => {
    const strictOf = Object.fromEntries(
      Object.entries(s.shapes)
        .filter(([, shape]) => 'fields' in shape)
        .map(([name, shape]) => [name, strictFields((shape as { fields: Fields }).fields).sort()]),
    );
    expect(strictOf).toEqual({
      category: ['id'],
      location: ['id'],
      group: ['id'],
      learnerSummary: ['id'],
      seat: ['id'],
      course: ['id'],
      assessment: ['course_id', 'id', 'updated_datetime'],
      learningClass: ['id'],
      assignment: ['course_id', 'id', 'updated_datetime'],
      contentMedia: ['id'],
      quizLesson: ['course_id', 'id', 'section_id'],
      quiz: ['id', 'lesson_id'],
      lesson: ['id', 'updated_datetime'],
      section: ['id'],
      draftedCourse: ['id', 'updated_datetime'],
      draftedSection: ['id', 'updated_datetime'],
      sectionOutline: ['id'],
      uploadSession: ['id', 'part_size', 'status', 'total_parts'],
      presignedPart: ['part_number', 'url'],
      uploadedPart: ['etag', 'part_number', 'size'],
    });
  });

  it('the reading: null for a string, or a wrong type, reads as absent', () => {
    const lesson = s.lesson.parse({ ...fx.lesson(), video_status: null, order: 'first', content_media: 'none' });
    expect(lesson.video_status).toBeUndefined();
    expect(lesson.order).toBeUndefined();
    expect(lesson.content_media).toBeUndefined();
    expect(s.lesson.safeParse({ ...fx.lesson(), updated_datetime: null }).success).toBe(false);
  });

  it("a push plan's section outline reads only its fields: drift elsewhere is neither checked nor kept", () => {
    const outline = s.shapes.sectionOutline;
    const lesson = fx.lesson();
    const drifted = {
      ...fx.section(),
      description: 7,
      brand_new_field: 1,
      lessons: [{ ...lesson, source: 'WEIRD', content_media: 'none', quiz: 3, updated_datetime: null }],
    };
    // Fields the plan never reads: the reference it checks against does not look at them, nor keeps them.
    const exact = outline.reference.safeParse(drifted);
    expect(exact.success).toBe(true);
    expect(exact.data).not.toHaveProperty('description');
    expect(exact.data).not.toHaveProperty('brand_new_field');
    const read = ['id', 'title', 'order', 'text_content', 'video_content_url', 'video_url', 'video_status'];
    expect(exact.data?.lessons?.[0]).toEqual(Object.fromEntries(read.map((name) => [name, lesson[name]])));
    // Fields it reads follow the policy: a shown one tolerated (and so reported), an id strict.
    const titleNull = { ...fx.section(), lessons: [{ ...fx.lesson(), title: null }] };
    expect(outline.reference.safeParse(titleNull).success).toBe(false);
    expect(outline.reading.parse(titleNull).lessons?.[0]?.title).toBeUndefined();
    expect(outline.reading.safeParse({ ...fx.section(), lessons: [{ ...fx.lesson(), id: 'x' }] }).success).toBe(false);
  });

  it('total_points follows the decimal pattern', () => {
    for (const ok of ['0', '12345678.12', '-1.5', '100.00']) expect(s.totalPoints.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['123456789', '1.234', 'ten', '1,5'])
      expect(s.totalPoints.safeParse(bad).success, bad).toBe(false);
  });

  it('page objects need every paginator field', () => {
    const p = s.pageOf(s.category);
    expect(p.safeParse(fx.page([fx.category()])).success).toBe(true);
    const broken = fx.page([]);
    delete (broken.paginator as Record<string, unknown>).next_page_number;
    expect(s.pageShape(s.shapes.category).reference.safeParse(broken).success).toBe(false);
    expect(p.safeParse(broken).success).toBe(true); // only shown
    delete (broken.paginator as Record<string, unknown>).next;
    expect(p.safeParse(broken).success).toBe(false); // the client follows it
  });
});

describe('request bodies', () => {
  it('title 1..255, description min 1, durations 0..2147483647, enums', () => {
    const u = s.assessmentUpdateBody;
    expect(u.safeParse({}).success).toBe(true);
    expect(u.safeParse({ title: '' }).success).toBe(false);
    expect(u.safeParse({ title: 'x'.repeat(255) }).success).toBe(true);
    expect(u.safeParse({ title: 'x'.repeat(256) }).success).toBe(false);
    expect(u.safeParse({ description: '' }).success).toBe(false);
    expect(u.safeParse({ duration_hours: 2147483647 }).success).toBe(true);
    expect(u.safeParse({ duration_hours: 2147483648 }).success).toBe(false);
    expect(u.safeParse({ duration_minutes: -1 }).success).toBe(false);
    expect(u.safeParse({ duration_minutes: 1.5 }).success).toBe(false);
    expect(u.safeParse({ status: 'DELETED' }).success).toBe(false);
    expect(
      u.safeParse({ seat_layout: 'U', type: 'PHYSICAL', organization_strategy: 'GROUP', source: 'AI_GENERATED' })
        .success,
    ).toBe(true);
    expect(s.assessmentCreateBody.safeParse({ title: 'T', description: 'D' }).success).toBe(false);
    expect(s.assessmentCreateBody.safeParse({ title: 'T', description: 'D', course_id: fx.id() }).success).toBe(true);
    expect(s.assignmentCreateBody.safeParse({ title: 'T', description: 'D', status: 'PUBLISHED' }).success).toBe(true);
  });

  it('part numbers are integers >= 1; uploads and lessons have their limits', () => {
    expect(s.signPartsBody.safeParse({ part_numbers: [1, 2, 3] }).success).toBe(true);
    expect(s.signPartsBody.safeParse({ part_numbers: [0] }).success).toBe(false);
    expect(s.signPartsBody.safeParse({ part_numbers: [1.5] }).success).toBe(false);
    expect(s.completeUploadBody.safeParse({ parts: [{ part_number: 1, etag: '"a"' }] }).success).toBe(true);
    expect(
      s.uploadCreateBody.safeParse({
        upload_type: 'VIDEO',
        file_name: 'a.mp4',
        content_type: 'video/mp4',
        file_size: 0,
      }).success,
    ).toBe(false);
    expect(s.lessonCreateBody.safeParse({ title: 'x', lesson_type: 'VIDEO', video_upload_id: fx.id() }).success).toBe(
      true,
    );
    expect(s.lessonCreateBody.safeParse({ lesson_type: 'VIDEO' }).success).toBe(false);
    expect(s.lessonUpdateBody.safeParse({}).success).toBe(true);
  });
});

describe('catalogue', () => {
  it('marks every documented operation documented and every other one assumed', () => {
    const documented = operations.filter((o) => o.status === 'documented').map((o) => `${o.method} ${o.path}`);
    expect(documented.sort()).toEqual(
      [
        'DELETE /assessments/{id}',
        'DELETE /courses/{course_id}/sections/{section_id}/lessons/{id}',
        'GET /assessments/{id}',
        'GET /categories',
        'GET /courses/{course_id}/sections',
        // sections.outline: the same list, read for a push's plan.
        'GET /courses/{course_id}/sections',
        'GET /courses/{course_id}/sections/{id}',
        'GET /quizzes',
        'GET /uploads/{id}/parts',
        'PATCH /assessments/{id}',
        'POST /assignments',
        'POST /uploads/{id}/complete',
        'POST /uploads/{id}/sign-parts',
      ].sort(),
    );
    // 22, the section list's second reading (a push's plan), and the four course-structure
    // operations (ASSUMPTIONS.md "Course structure"), all assumed.
    expect(operations).toHaveLength(27);
    for (const o of operations) {
      expect(o.idempotencyKey, o.id).toBe(o.method === 'POST' && !o.path.includes('/uploads/{id}/'));
    }
  });

  it('builds paths with encoded parameters and mapped query names', () => {
    expect(buildPath(catalogue['assessments.list'], {}, { courseId: 'c', pageSize: 10, search: undefined })).toBe(
      '/v1/external/learning/assessments?course_id=c&page_size=10',
    );
    expect(buildPath(catalogue['sections.get'], { course_id: 'a/b', id: 'x' })).toBe(
      '/v1/external/learning/courses/a%2Fb/sections/x',
    );
    expect(() => buildPath(catalogue['sections.get'], { course_id: 'a' })).toThrow(/missing path parameter id/);
  });
});
