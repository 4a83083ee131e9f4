/** Renderer. The quizzes list: paged and cached like courses, searched on the server. */
import type { Quiz } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createPagedList, pageInput } from '../../lib/paged-list.ts';

export interface QuizQuery {
  search: string;
}

export const useQuizList = createPagedList<Quiz, QuizQuery>({
  kinds: ['quizzes'],
  fetchPage: (query, page, pageSize, refresh) =>
    call((b) => b.quizzes.list(pageInput(page, pageSize, refresh, query.search))),
});
