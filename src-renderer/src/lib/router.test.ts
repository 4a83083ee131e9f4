// Renderer tests (jsdom). A new form's draft goes into the address only while the address still
// shows that form: the draft's answer can come after the person moved on.
import { afterEach, describe, expect, it } from 'vitest';
import { showDraftInAddress } from './router.ts';

afterEach(() => {
  window.location.hash = '';
});

describe('showDraftInAddress', () => {
  it('puts the draft in the address of the form still shown', () => {
    window.location.hash = '#/courses/c1/sections/s1/lessons/new';
    showDraftInAddress({ name: 'lesson-new', courseId: 'c1', sectionId: 's1', draftId: 'd1' });
    expect(window.location.hash).toBe('#/courses/c1/sections/s1/lessons/new?draft=d1');
    window.location.hash = '#/assignments/new';
    showDraftInAddress({ name: 'assignment-new', draftId: 'd2' });
    expect(window.location.hash).toBe('#/assignments/new?draft=d2');
  });

  it('leaves the address alone once the person moved to another screen or another form', () => {
    window.location.hash = '#/courses/c1/sections/s1/lessons/l9';
    showDraftInAddress({ name: 'lesson-new', courseId: 'c1', sectionId: 's1', draftId: 'd1' });
    expect(window.location.hash).toBe('#/courses/c1/sections/s1/lessons/l9');
    window.location.hash = '#/courses/c1/sections/s2/lessons/new';
    showDraftInAddress({ name: 'lesson-new', courseId: 'c1', sectionId: 's1', draftId: 'd1' });
    expect(window.location.hash).toBe('#/courses/c1/sections/s2/lessons/new');
    window.location.hash = '#/assessments/new?course=c1';
    showDraftInAddress({ name: 'assessment-new', courseId: null, draftId: 'd3' });
    expect(window.location.hash).toBe('#/assessments/new?course=c1');
  });
});
