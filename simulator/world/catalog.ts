// The fixed cast of the seeded world. Offsets are in days relative to the simulator's start
// day, so the data always looks current. Notable facts are listed in simulator/README.md.

import type { CampaignStatus, Platform, ThemeKey } from "./types";

export interface ProjectSpec {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  createdOffsetDays: number;
  niche: string;
  audience: string;
}

export const PROJECTS: ProjectSpec[] = [
  {
    id: 1,
    name: "Кофейня «Зерно»",
    description: "Городская кофейня с собственной обжаркой и завтраками весь день.",
    isActive: true,
    createdOffsetDays: -410,
    niche: "Спешелти-кофе, свежая выпечка и завтраки в центре города; собственная обжарка небольшими партиями.",
    audience: "Жители района и офисные сотрудники 22–40 лет, которые ценят хороший кофе и уютные места для встреч и работы.",
  },
  {
    id: 2,
    name: "Фитнес-студия «Пульс»",
    description: "Небольшая студия групповых и персональных тренировок.",
    isActive: true,
    createdOffsetDays: -300,
    niche: "Функциональный тренинг, растяжка и мобильность, марафоны полезных привычек.",
    audience: "Женщины и мужчины 25–45 лет с сидячей работой, новички и вернувшиеся к спорту после перерыва.",
  },
  {
    id: 3,
    name: "Онлайн-школа «Кодовая»",
    description: "Курсы программирования и анализа данных для смены профессии.",
    isActive: true,
    createdOffsetDays: -240,
    niche: "Обучение Python, веб-разработке и аналитике данных с наставниками и карьерной поддержкой.",
    audience: "Взрослые 25–45 лет, которые хотят сменить профессию, а также студенты технических и гуманитарных вузов.",
  },
  {
    id: 4,
    name: "Цветочная мастерская «Флора»",
    description: "Авторские букеты и мастер-классы (проект приостановлен).",
    isActive: false,
    createdOffsetDays: -380,
    niche: "Сезонные букеты, доставка цветов и мастер-классы по флористике.",
    audience: "Жители города 25–50 лет, покупающие цветы в подарок.",
  },
];

export interface ChannelSpec {
  id: number;
  projectId: number;
  name: string;
  platform: Platform;
  isActive: boolean;
}

export const CHANNELS: ChannelSpec[] = [
  { id: 201, projectId: 1, name: "Зерно | Telegram", platform: "TELEGRAM", isActive: true },
  { id: 202, projectId: 1, name: "Кофейня «Зерно» ВКонтакте", platform: "VK", isActive: true },
  { id: 203, projectId: 1, name: "Зерно в MAX", platform: "MAX", isActive: true },
  { id: 204, projectId: 1, name: "CRM-вебхук кофейни", platform: "WEBHOOK", isActive: false },
  { id: 205, projectId: 2, name: "Пульс — тренировки", platform: "TELEGRAM", isActive: true },
  { id: 206, projectId: 2, name: "Студия «Пульс»", platform: "VK", isActive: true },
  { id: 207, projectId: 2, name: "Сайт студии (вебхук)", platform: "WEBHOOK", isActive: true },
  { id: 208, projectId: 3, name: "Кодовая: задачи и разборы", platform: "TELEGRAM", isActive: true },
  { id: 209, projectId: 3, name: "Онлайн-школа «Кодовая»", platform: "VK", isActive: true },
  { id: 210, projectId: 3, name: "Кодовая в MAX", platform: "MAX", isActive: true },
  { id: 211, projectId: 3, name: "LMS-вебхук", platform: "WEBHOOK", isActive: true },
  { id: 212, projectId: 4, name: "Флора | Telegram", platform: "TELEGRAM", isActive: false },
];

export interface ScheduleSpec {
  type: string;
  time: string;
  dayOfWeek?: number;
  intervalDays?: number;
  anchorOffsetDays?: number;
}

export interface CampaignSpec {
  id: number;
  projectId: number;
  name: string;
  status: CampaignStatus;
  campaignType: string;
  approvalMode: string;
  postLengthFormat: string;
  generateImages: boolean;
  startOffsetDays: number;
  endOffsetDays: number | null;
  channelIds: number[];
  theme: ThemeKey;
  /** IMAGE, ALBUM, VIDEO, DOCUMENT, TEXT */
  typeWeights: number[];
  schedules: ScheduleSpec[];
  /** How far ahead posts are already generated (ACTIVE campaigns). */
  aheadDays: number;
  /** FROZEN campaigns stopped publishing this many days ago. */
  frozenOffsetDays?: number;
  maxPast: number;
  /**
   * The next `count` future posts are approved with `chance` each, the rest wait; without it the
   * first 15 % are approved. The large world uses it so waiting posts come due at every hour.
   */
  nearApproval?: { count: number; chance: number };
}

export const CAMPAIGNS: CampaignSpec[] = [
  {
    id: 101, projectId: 1, name: "Утренний кофе: рубрика дня", status: "ACTIVE", campaignType: "REGULAR",
    approvalMode: "MANUAL", postLengthFormat: "MEDIUM", generateImages: true, startOffsetDays: -70, endOffsetDays: null,
    channelIds: [201, 202], theme: "coffee", typeWeights: [45, 15, 10, 5, 25],
    schedules: [{ type: "DAILY", time: "08:30" }, { type: "WEEKLY", time: "11:00", dayOfWeek: 5 }],
    aheadDays: 24, maxPast: 80,
  },
  {
    id: 102, projectId: 1, name: "Осеннее меню", status: "ACTIVE", campaignType: "PROMO",
    approvalMode: "MANUAL", postLengthFormat: "SHORT", generateImages: true, startOffsetDays: -20, endOffsetDays: 25,
    channelIds: [201, 202, 203], theme: "coffee", typeWeights: [40, 25, 10, 10, 15],
    schedules: [{ type: "EVERY_N_DAYS", time: "17:00", intervalDays: 2, anchorOffsetDays: -20 }, { type: "WEEKLY", time: "12:30", dayOfWeek: 2 }],
    aheadDays: 20, maxPast: 40,
  },
  {
    id: 103, projectId: 1, name: "Новогодние наборы", status: "DRAFT", campaignType: "PROMO",
    approvalMode: "MANUAL", postLengthFormat: "MEDIUM", generateImages: true, startOffsetDays: 20, endOffsetDays: 45,
    channelIds: [201], theme: "coffee", typeWeights: [50, 30, 0, 0, 20],
    schedules: [{ type: "DAILY", time: "10:00" }], aheadDays: 0, maxPast: 0,
  },
  {
    id: 104, projectId: 1, name: "Летняя веранда", status: "COMPLETED", campaignType: "REGULAR",
    approvalMode: "AUTO", postLengthFormat: "SHORT", generateImages: true, startOffsetDays: -130, endOffsetDays: -70,
    channelIds: [201, 202], theme: "coffee", typeWeights: [50, 20, 10, 0, 20],
    schedules: [{ type: "EVERY_N_DAYS", time: "12:00", intervalDays: 3, anchorOffsetDays: -130 }], aheadDays: 0, maxPast: 30,
  },
  {
    id: 105, projectId: 2, name: "Тренировка недели", status: "ACTIVE", campaignType: "REGULAR",
    approvalMode: "MANUAL", postLengthFormat: "LONG", generateImages: true, startOffsetDays: -50, endOffsetDays: null,
    channelIds: [205, 206, 207], theme: "fitness", typeWeights: [35, 15, 20, 10, 20],
    schedules: [{ type: "DAILY", time: "07:30" }, { type: "WEEKLY", time: "19:00", dayOfWeek: 0 }],
    aheadDays: 21, maxPast: 55,
  },
  {
    id: 106, projectId: 2, name: "Марафон «30 дней»", status: "FROZEN", campaignType: "CHALLENGE",
    approvalMode: "MANUAL", postLengthFormat: "SHORT", generateImages: true, startOffsetDays: -40, endOffsetDays: 10,
    channelIds: [205], theme: "fitness", typeWeights: [50, 10, 15, 0, 25],
    schedules: [{ type: "DAILY", time: "06:45" }], aheadDays: 0, frozenOffsetDays: -8, maxPast: 40,
  },
  {
    id: 107, projectId: 2, name: "Питание и восстановление", status: "ACTIVE", campaignType: "EDUCATIONAL",
    approvalMode: "AUTO", postLengthFormat: "MEDIUM", generateImages: false, startOffsetDays: -60, endOffsetDays: null,
    channelIds: [205, 207], theme: "fitness", typeWeights: [0, 0, 0, 30, 70],
    schedules: [{ type: "EVERY_N_DAYS", time: "13:00", intervalDays: 3, anchorOffsetDays: -60 }, { type: "WEEKLY", time: "10:00", dayOfWeek: 6 }],
    aheadDays: 10, maxPast: 40,
  },
  {
    id: 108, projectId: 3, name: "Задача дня по Python", status: "ACTIVE", campaignType: "REGULAR",
    approvalMode: "MANUAL", postLengthFormat: "MEDIUM", generateImages: true, startOffsetDays: -30, endOffsetDays: null,
    channelIds: [208, 209, 210], theme: "school_tasks", typeWeights: [25, 0, 0, 35, 40],
    schedules: [{ type: "DAILY", time: "09:00" }, { type: "DAILY", time: "18:00" }],
    aheadDays: 12, maxPast: 60,
  },
  {
    id: 109, projectId: 3, name: "Истории выпускников", status: "FROZEN", campaignType: "STORYTELLING",
    approvalMode: "MANUAL", postLengthFormat: "LONGREAD", generateImages: true, startOffsetDays: -100, endOffsetDays: null,
    channelIds: [208, 209, 211], theme: "school_stories", typeWeights: [40, 20, 0, 0, 40],
    schedules: [{ type: "WEEKLY", time: "15:00", dayOfWeek: 4 }], aheadDays: 0, frozenOffsetDays: -14, maxPast: 20,
  },
  {
    id: 110, projectId: 3, name: "Запуск курса по аналитике", status: "ACTIVE", campaignType: "LAUNCH_SERIES",
    approvalMode: "SEMI_AUTO", postLengthFormat: "MEDIUM", generateImages: true, startOffsetDays: 2, endOffsetDays: 30,
    channelIds: [208, 209, 210, 211], theme: "school_launch", typeWeights: [40, 10, 10, 15, 25],
    schedules: [{ type: "EVERY_N_DAYS", time: "12:00", intervalDays: 2, anchorOffsetDays: 2 }, { type: "DAILY", time: "19:30" }],
    aheadDays: 18, maxPast: 0,
  },
  {
    id: 111, projectId: 4, name: "Букет недели", status: "COMPLETED", campaignType: "REGULAR",
    approvalMode: "MANUAL", postLengthFormat: "SHORT", generateImages: true, startOffsetDays: -200, endOffsetDays: -100,
    channelIds: [212], theme: "flowers", typeWeights: [60, 30, 0, 0, 10],
    schedules: [{ type: "WEEKLY", time: "10:00", dayOfWeek: 4 }], aheadDays: 0, maxPast: 20,
  },
];
