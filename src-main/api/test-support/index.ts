// Test support (plain Node, used only by *.test.ts): valid resource fixtures and a tiny scripted
// HTTP stub server for the cases the sandbox deliberately never produces (malformed envelopes,
// hanging responses, bare 404/405 pages).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const T = '2026-05-01T09:30:00Z';
let n = 0;
export function id(): string {
  n += 1;
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function category(): Record<string, unknown> {
  return { id: id(), name: 'Safety', created_datetime: T, updated_datetime: T };
}

export function course(): Record<string, unknown> {
  return {
    id: id(),
    name: 'Forklift basics',
    level: 'beginner',
    description: 'Drive safely.',
    source: null,
    requirements: '',
    status: 'PUBLISHED',
    categories: [category()],
    has_enrollments: false,
    quizzes_count: 0,
    cover_image_url: '',
    preview_video_url: '',
    preview_video_status: '',
    preview_video_ready: 'false',
    preview_video_error: null,
    preview_video_has_subtitles: false,
    preview_video_playback_endpoint: null,
    instructors: '',
    overall_duration_seconds: 0,
    created_datetime: T,
    updated_datetime: T,
  };
}

export function quiz(): Record<string, unknown> {
  return {
    id: id(),
    lesson_id: id(),
    lesson: {
      id: id(),
      title: 'Q',
      lesson_type: 'QUIZ',
      duration_seconds: 0,
      order: 1,
      section_id: id(),
      course_id: id(),
    },
    status: 'DRAFT',
    total_points: '10.00',
    created_datetime: T,
    updated_datetime: T,
  };
}

export function lesson(): Record<string, unknown> {
  return {
    id: id(),
    title: 'Intro',
    description: '',
    source: 'MANUAL_CREATION',
    lesson_type: 'VIDEO',
    order: 1,
    text_content: '',
    video_content_url: '',
    video_url: '',
    video_status: '',
    video_ready: '',
    video_error: '',
    video_has_subtitles: '',
    video_playback_endpoint: '',
    video_caption: '',
    duration_seconds: 0,
    document_url: '',
    document_name: '',
    image_url: '',
    image_name: '',
    content_media: [],
    resources: [],
    quiz: null,
    created_datetime: T,
    updated_datetime: T,
  };
}

export function section(): Record<string, unknown> {
  return {
    id: id(),
    title: 'Part 1',
    description: '',
    order: 1,
    lessons: [lesson()],
    created_datetime: T,
    updated_datetime: T,
  };
}

export function assessment(): Record<string, unknown> {
  return {
    id: id(),
    title: 'Final',
    description: 'Final exam',
    source: null,
    type: 'VIRTUAL',
    organization_strategy: null,
    seat_layout: null,
    duration_hours: 1,
    duration_minutes: 30,
    status: 'DRAFT',
    total_points: '100.00',
    questions_count: '0',
    start_datetime: null,
    submission_date: null,
    deadline_datetime: null,
    locked_datetime: null,
    results_released_datetime: null,
    maximum_attempts: '1',
    effective_auto_release_result: 'false',
    effective_camera_proctoring_enabled: 'false',
    course_id: id(),
    course: course(),
    locations: [],
    groups: [],
    seats: [],
    passing_score_percent: null,
    passing_score_points: null,
    created_datetime: T,
    updated_datetime: T,
    questions: '[]',
  };
}

export function uploadSession(): Record<string, unknown> {
  return {
    id: id(),
    upload_type: 'VIDEO',
    file_name: 'a.mp4',
    content_type: 'video/mp4',
    file_size: 10,
    status: 'INITIATED',
    part_size: 8388608,
    total_parts: 1,
    is_multipart: 'false',
    multipart_upload_id: null,
    expires_datetime: T,
    completed_datetime: null,
    created_datetime: T,
    updated_datetime: T,
    asset_url: null,
    asset_url_expires_in: null,
  };
}

export function ok(data: unknown, status = 200): Record<string, unknown> {
  return { status, success: true, code: 'SUCCESS', message: 'OK', data, errors: [] };
}

export function fail(status: number, code = 'REQUEST_FAILED', message = 'Failed.', errors: unknown[] = []) {
  return { status, success: false, code, message, data: null, errors };
}

export function page(results: unknown[], next: string | null = null, extra: Record<string, unknown> = {}) {
  return {
    paginator: {
      count: results.length,
      page: 1,
      page_size: 20,
      total_pages: 1,
      next,
      next_page_number: next ? 2 : null,
      previous: null,
      previous_page_number: null,
      ...extra,
    },
    results,
  };
}

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the handler wants sent back; `hang` never answers, `destroy` drops the socket. */
export type StubReply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { hang: true }
  | { destroy: true }
  | { status: number; stallBody: true };

export interface Stub {
  baseUrl: string;
  origin: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

export async function startStub(
  handler: (req: StubRequest, index: number) => StubReply | Promise<StubReply>,
): Promise<Stub> {
  const requests: StubRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: StubRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(r);
      void Promise.resolve(handler(r, requests.length - 1)).then((reply) => {
        if ('hang' in reply) {
          open.add(res);
          return;
        }
        if ('destroy' in reply) {
          req.socket.destroy();
          return;
        }
        if ('stallBody' in reply) {
          open.add(res);
          res.writeHead(reply.status, { 'content-type': 'application/json' });
          res.write('{"status":');
          return;
        }
        const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: origin,
    origin,
    requests,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function assignment(): Record<string, unknown> {
  return {
    id: id(),
    title: 'Essay',
    description: 'Write an essay',
    duration_hours: 0,
    duration_minutes: 45,
    status: 'DRAFT',
    total_points: '10.00',
    submission_date: '2026-06-01',
    class_id: id(),
    learning_class: { id: id(), name: 'Class A', status: 'ACTIVE' },
    course_id: id(),
    course: course(),
    questions_count: '0',
    created_datetime: T,
    updated_datetime: T,
    questions: '[]',
  };
}
