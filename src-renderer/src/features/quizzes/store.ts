/** Renderer. The quizzes list: paged and cached like courses, searched on the server. */
import type { Quiz } from '../../../../src-preload/contract.ts';
import { call } from '../../bridge.ts';
import { createPagedList } from '../../lib/paged-list.ts';

export interface QuizQuery {
  search: string;
}

export const useQuizList = createPagedList<Quiz, QuizQuery>({
  kinds: ['quizzes'],
  fetchPage: (query, page, pageSize, refresh) =>
    call((b) =>
      b.quizzes.list({
        page,
        pageSize,
        ...(refresh ? { refresh: true as const } : {}),
        ...(query.search.trim() ? { search: query.search.trim() } : {}),
      }),
    ),
});
