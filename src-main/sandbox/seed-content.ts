// Main process / plain Node. The words of the demo workspace: believable categories, courses, sections,
// learners, classes and assessments, for screenshots, manual testing and a new user's first look.

export interface CourseSeed {
  name: string;
  level: 'beginner' | 'intermediate' | 'advanced';
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  source: 'MANUAL_CREATION' | 'AI_GENERATED' | 'DOCUMENT_EXTRACTION' | null;
  categories: string[];
  description: string;
  requirements: string;
  instructors: string[];
  sections: string[];
}

export const TENANT_CATEGORIES = [
  'Compliance & Safety',
  'Leadership',
  'Software Engineering',
  'Customer Experience',
  'Data & Analytics',
  'Onboarding',
];

export const PROVIDER_CATEGORIES = ['Platform Administration', 'Admin Training'];

export const TENANT_COURSES: CourseSeed[] = [
  {
    name: 'Workplace Safety Essentials',
    level: 'beginner',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Compliance & Safety', 'Onboarding'],
    description: 'Spot hazards early, report incidents correctly and know what to do when an alarm sounds.',
    requirements: '',
    instructors: ['Amara Okafor'],
    sections: ['Hazards around you', 'Reporting incidents', 'Emergency procedures'],
  },
  {
    name: 'Data Privacy and GDPR in Practice',
    level: 'intermediate',
    status: 'PUBLISHED',
    source: 'DOCUMENT_EXTRACTION',
    categories: ['Compliance & Safety'],
    description: 'Personal data, lawful bases and data-subject requests, with examples from support and sales.',
    requirements: 'Workplace Safety Essentials or an equivalent compliance induction.',
    instructors: ['Lukas Brandt', 'Sofia Marques'],
    sections: ['What counts as personal data', 'Lawful bases', 'Handling a subject access request'],
  },
  {
    name: 'Leading Hybrid Teams',
    level: 'intermediate',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Leadership'],
    description: 'Rituals, written communication and fair visibility for teams split across office and home.',
    requirements: 'At least three months as a team lead.',
    instructors: ['Priya Raman'],
    sections: ['Setting team agreements', 'Meetings that include everyone', 'Recognising remote work'],
  },
  {
    name: 'Giving and Receiving Feedback',
    level: 'beginner',
    status: 'DRAFT',
    source: 'AI_GENERATED',
    categories: ['Leadership'],
    description: 'A practical model for feedback conversations, with role-play scripts.',
    requirements: '',
    instructors: ['Priya Raman'],
    sections: ['Why feedback fails', 'The SBI model'],
  },
  {
    name: 'TypeScript for Backend Developers',
    level: 'intermediate',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Software Engineering'],
    description: 'Types at the boundaries, runtime validation and error handling in Node services.',
    requirements: 'Comfortable with JavaScript and Node.js.',
    instructors: ['Jonas Weber', 'Mei Tanaka'],
    sections: ['Strict mode and the compiler', 'Validating input with schemas', 'Errors as values', 'Testing services'],
  },
  {
    name: 'Designing Reliable Distributed Systems',
    level: 'advanced',
    status: 'DRAFT',
    source: null,
    categories: ['Software Engineering'],
    description: 'Idempotency, retries with backoff, timeouts and the failure modes they prevent.',
    requirements: 'TypeScript for Backend Developers.',
    instructors: ['Mei Tanaka'],
    sections: ['Failure is normal', 'Idempotent APIs', 'Backpressure and timeouts'],
  },
  {
    name: 'Handling Difficult Customer Conversations',
    level: 'beginner',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Customer Experience'],
    description: 'De-escalation, empathy statements and knowing when to hand over.',
    requirements: '',
    instructors: ['Daniel Kowalski'],
    sections: ['Listening first', 'De-escalation phrases', 'Closing the loop'],
  },
  {
    name: 'SQL for Analysts',
    level: 'beginner',
    status: 'ARCHIVED',
    source: 'MANUAL_CREATION',
    categories: ['Data & Analytics'],
    description: 'SELECT, JOIN and GROUP BY on a sample sales database. Replaced by the 2026 edition.',
    requirements: '',
    instructors: ['Hannah Schmidt'],
    sections: ['Your first query', 'Joining tables', 'Aggregations'],
  },
  {
    name: 'Forecasting with Time Series',
    level: 'advanced',
    status: 'PUBLISHED',
    source: 'AI_GENERATED',
    categories: ['Data & Analytics'],
    description: 'Seasonality, trend and honest error bars for demand forecasts.',
    requirements: 'SQL for Analysts and basic statistics.',
    instructors: ['Hannah Schmidt', 'Omar Haddad'],
    sections: ['Decomposing a series', 'Baselines that are hard to beat', 'Communicating uncertainty'],
  },
  {
    name: 'Welcome to Northwind',
    level: 'beginner',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Onboarding'],
    description: 'Who we are, how we work and the tools you will use in your first week.',
    requirements: '',
    instructors: ['Amara Okafor'],
    sections: ['Our story', 'Your first week', 'Tools and accounts'],
  },
  {
    name: 'Anti-Bribery Refresher 2023',
    level: 'intermediate',
    status: 'ARCHIVED',
    source: 'DOCUMENT_EXTRACTION',
    categories: ['Compliance & Safety'],
    description: 'Gifts, hospitality and facilitation payments. Superseded by the 2025 policy.',
    requirements: '',
    instructors: ['Lukas Brandt'],
    sections: ['Gifts and hospitality', 'Red flags'],
  },
  {
    name: 'Advanced Negotiation',
    level: 'advanced',
    status: 'DRAFT',
    source: 'MANUAL_CREATION',
    categories: ['Leadership', 'Customer Experience'],
    description: 'Anchoring, BATNA and multi-party deals, practised on renewal scenarios.',
    requirements: 'Handling Difficult Customer Conversations.',
    instructors: ['Daniel Kowalski', 'Sofia Marques'],
    sections: ['Preparing a negotiation', 'Anchors and concessions', 'Multi-party deals'],
  },
];

export const PROVIDER_COURSES: CourseSeed[] = [
  {
    name: 'Getting Started as a Workspace Administrator',
    level: 'beginner',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Admin Training'],
    description: 'Set up your learning workspace: branding, categories and the first course.',
    requirements: '',
    instructors: ['Platform Team'],
    sections: ['Your workspace', 'Publishing a course'],
  },
  {
    name: 'Managing Users and Roles',
    level: 'intermediate',
    status: 'PUBLISHED',
    source: 'MANUAL_CREATION',
    categories: ['Platform Administration', 'Admin Training'],
    description: 'Invite learners, assign roles and keep API keys safe.',
    requirements: 'Getting Started as a Workspace Administrator.',
    instructors: ['Platform Team'],
    sections: ['Inviting users', 'Roles and permissions', 'API keys'],
  },
  {
    name: 'Reporting and Analytics for Admins',
    level: 'advanced',
    status: 'DRAFT',
    source: 'AI_GENERATED',
    categories: ['Platform Administration'],
    description: 'Completion dashboards, exports and scheduled reports.',
    requirements: '',
    instructors: ['Platform Team'],
    sections: ['Dashboards', 'Exports'],
  },
];

/** Lesson patterns used within each section, in order. */
export const LESSON_PATTERNS: {
  type: 'VIDEO' | 'TEXT' | 'DOCUMENT' | 'IMAGE' | 'QUIZ';
  title: (section: string) => string;
}[] = [
  { type: 'VIDEO', title: (section) => `${section}: overview` },
  { type: 'TEXT', title: (section) => `${section}: key ideas` },
  { type: 'DOCUMENT', title: (section) => `${section}: handout` },
  { type: 'IMAGE', title: (section) => `${section}: at a glance` },
  { type: 'QUIZ', title: (section) => `Check your understanding: ${section.toLowerCase()}` },
];

export const LEARNERS: {
  name: string | null;
  email: string | null;
  status: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED' | 'COMPLETED';
}[] = [
  { name: 'Aisha Bello', email: 'aisha.bello@northwind.example', status: 'ACTIVE' },
  { name: 'Bruno Costa', email: 'bruno.costa@northwind.example', status: 'ACTIVE' },
  { name: 'Chen Wei', email: 'chen.wei@northwind.example', status: 'ACTIVE' },
  { name: 'Dana Levi', email: 'dana.levi@northwind.example', status: 'COMPLETED' },
  { name: 'Emil Nilsson', email: 'emil.nilsson@northwind.example', status: 'ACTIVE' },
  { name: 'Fatima Zahra', email: 'fatima.zahra@northwind.example', status: 'INACTIVE' },
  { name: 'Gabriel Rossi', email: 'gabriel.rossi@northwind.example', status: 'ACTIVE' },
  { name: 'Hana Sato', email: 'hana.sato@northwind.example', status: 'SUSPENDED' },
  { name: 'Ivan Petrov', email: 'ivan.petrov@northwind.example', status: 'ACTIVE' },
  { name: 'Julia Nowak', email: null, status: 'ACTIVE' },
  { name: null, email: 'k.osei@northwind.example', status: 'ACTIVE' },
  { name: 'Lea Fischer', email: 'lea.fischer@northwind.example', status: 'COMPLETED' },
];

export const LOCATIONS = [
  {
    name: 'Main campus, room 101',
    description: 'Ground floor, next to reception.',
    address: '12 Harbour Road, Bristol',
    capacity: 30,
  },
  {
    name: 'Warehouse training room',
    description: 'Safety shoes required beyond the yellow line.',
    address: 'Unit 4, Avonmouth Way, Bristol',
    capacity: 16,
  },
  {
    name: 'Leeds office, Aire room',
    description: 'Third floor; lift access.',
    address: '8 Wellington Place, Leeds',
    capacity: 24,
  },
];

export const CLASSES = ['Cohort A: spring intake', 'Cohort B: evening', 'Engineering guild'];

export interface AssessmentSeed {
  course: string;
  title: string;
  description: string;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
  type: 'VIRTUAL' | 'PHYSICAL' | null;
  strategy: 'SINGLE_CANDIDATE' | 'GROUP' | null;
  layout: 'CIRCLE' | 'GRID' | 'L' | 'U' | 'RECTANGLE' | null;
  source: 'MANUAL_CREATION' | 'AI_GENERATED' | 'DOCUMENT_EXTRACTION' | null;
  questions: number;
}

export const ASSESSMENTS: AssessmentSeed[] = [
  {
    course: 'Workplace Safety Essentials',
    title: 'Workplace safety final exam',
    description: 'Forty minutes, closed book, in person.',
    status: 'PUBLISHED',
    type: 'PHYSICAL',
    strategy: 'SINGLE_CANDIDATE',
    layout: 'GRID',
    source: 'MANUAL_CREATION',
    questions: 12,
  },
  {
    course: 'Workplace Safety Essentials',
    title: 'Fire warden practical',
    description: 'Evacuation drill assessed in groups.',
    status: 'DRAFT',
    type: 'PHYSICAL',
    strategy: 'GROUP',
    layout: 'U',
    source: 'MANUAL_CREATION',
    questions: 4,
  },
  {
    course: 'Data Privacy and GDPR in Practice',
    title: 'GDPR certification quiz',
    description: 'Scenario questions on lawful bases and data-subject rights.',
    status: 'PUBLISHED',
    type: 'VIRTUAL',
    strategy: 'SINGLE_CANDIDATE',
    layout: null,
    source: 'DOCUMENT_EXTRACTION',
    questions: 20,
  },
  {
    course: 'Leading Hybrid Teams',
    title: 'Team agreement case study',
    description: 'Draft a team agreement for the case company and defend it.',
    status: 'PUBLISHED',
    type: 'VIRTUAL',
    strategy: 'GROUP',
    layout: null,
    source: 'MANUAL_CREATION',
    questions: 3,
  },
  {
    course: 'TypeScript for Backend Developers',
    title: 'Schema validation lab',
    description: 'Fix the failing service by validating its input at the boundary.',
    status: 'PUBLISHED',
    type: 'VIRTUAL',
    strategy: 'SINGLE_CANDIDATE',
    layout: null,
    source: 'AI_GENERATED',
    questions: 6,
  },
  {
    course: 'Designing Reliable Distributed Systems',
    title: 'Idempotency design review',
    description: 'Review a payment API design for retry safety.',
    status: 'DRAFT',
    type: null,
    strategy: null,
    layout: null,
    source: null,
    questions: 0,
  },
  {
    course: 'Handling Difficult Customer Conversations',
    title: 'Role-play assessment',
    description: 'Three recorded calls, scored against the de-escalation rubric.',
    status: 'PUBLISHED',
    type: 'PHYSICAL',
    strategy: 'GROUP',
    layout: 'CIRCLE',
    source: 'MANUAL_CREATION',
    questions: 3,
  },
  {
    course: 'SQL for Analysts',
    title: 'SQL practical (2024)',
    description: 'Ten queries against the sample database.',
    status: 'ARCHIVED',
    type: 'VIRTUAL',
    strategy: 'SINGLE_CANDIDATE',
    layout: null,
    source: 'MANUAL_CREATION',
    questions: 10,
  },
];

export const ASSIGNMENTS = [
  {
    course: 'Leading Hybrid Teams',
    title: 'Write your team agreement',
    description: 'One page, shared with your team before the next session.',
    status: 'PUBLISHED' as const,
    questions: 2,
  },
  {
    course: 'TypeScript for Backend Developers',
    title: 'Refactor the orders service',
    description: 'Replace thrown strings with typed errors and add tests.',
    status: 'PUBLISHED' as const,
    questions: 4,
  },
  {
    course: 'Forecasting with Time Series',
    title: 'Forecast next quarter',
    description: 'Produce a forecast with an 80% interval and a one-paragraph summary.',
    status: 'DRAFT' as const,
    questions: 1,
  },
  {
    course: 'Welcome to Northwind',
    title: 'Meet your buddy',
    description: 'Book a coffee with your onboarding buddy and note three questions.',
    status: 'ARCHIVED' as const,
    questions: 1,
  },
];

export const TOPICS = [
  'Safety',
  'Privacy',
  'Leadership',
  'TypeScript',
  'SQL',
  'Forecasting',
  'Negotiation',
  'Onboarding',
  'Support',
  'Security',
  'Cloud',
  'Finance',
];
export const ADJECTIVES = [
  'Practical',
  'Applied',
  'Modern',
  'Essential',
  'Advanced',
  'Hands-on',
  'Everyday',
  'Strategic',
];
