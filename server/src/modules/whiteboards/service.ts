import { randomUUID } from 'node:crypto';
import { WHITEBOARD_LIMITS, type CreateWhiteboardRequest, type Whiteboard, type WhiteboardScene, type WhiteboardSummary } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import { conflict, notFound, tooLarge, tooMany, WHITEBOARD_MESSAGES } from './codes.js';
import type { SceneFields, SummaryRow, WhiteboardRow, WhiteboardsRepository } from './repository.js';

export interface WhiteboardsServiceDeps {
  repo: WhiteboardsRepository;
  now: Clock;
}

const EMPTY_SCENE: WhiteboardScene = { elements: [] };

const isDeleted = (element: unknown) => typeof element === 'object' && element !== null && (element as { isDeleted?: unknown }).isDeleted === true;

/** The stored form of a scene, refused past the size limit. */
export function sceneFields(scene: WhiteboardScene): SceneFields {
  const json = JSON.stringify(scene);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > WHITEBOARD_LIMITS.sceneBytes) throw tooLarge();
  return { scene: json, bytes, element_count: scene.elements.filter((element) => !isDeleted(element)).length };
}

const summaryOf = (row: SummaryRow): WhiteboardSummary => ({
  id: row.id,
  title: row.title,
  elementCount: row.element_count,
  bytes: row.bytes,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const boardOf = (row: WhiteboardRow): Whiteboard => ({ ...summaryOf(row), scene: JSON.parse(row.scene) as WhiteboardScene });

/** The rules of whiteboards: ownership (every call is the owner's), the size limit, and saves that never overwrite a newer version. */
export class WhiteboardsService {
  constructor(private readonly deps: WhiteboardsServiceDeps) {}

  private at(): string {
    return this.deps.now().toISOString();
  }

  async list(userId: string): Promise<WhiteboardSummary[]> {
    return (await this.deps.repo.list(userId)).map(summaryOf);
  }

  async get(userId: string, id: string): Promise<Whiteboard> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound();
    return boardOf(row);
  }

  async create(userId: string, input: CreateWhiteboardRequest): Promise<Whiteboard> {
    const fields = sceneFields(input.scene ?? EMPTY_SCENE);
    if ((await this.deps.repo.count(userId)) >= WHITEBOARD_LIMITS.perUser) throw tooMany();
    const at = this.at();
    const row: WhiteboardRow = { id: randomUUID(), user_id: userId, title: input.title || WHITEBOARD_MESSAGES.untitled, ...fields, version: 1, created_at: at, updated_at: at };
    await this.deps.repo.insert(row);
    return boardOf(row);
  }

  /** Saves the scene over `version`; a board changed since (another tab or device) is a conflict, not a silent overwrite. */
  async save(userId: string, id: string, version: number, scene: WhiteboardScene): Promise<WhiteboardSummary> {
    const fields = sceneFields(scene);
    if (!(await this.deps.repo.saveScene(userId, id, version, fields, this.at()))) {
      throw (await this.deps.repo.summary(userId, id)) ? conflict() : notFound();
    }
    return this.summary(userId, id);
  }

  async rename(userId: string, id: string, title: string): Promise<WhiteboardSummary> {
    if (!(await this.deps.repo.rename(userId, id, title, this.at()))) throw notFound();
    return this.summary(userId, id);
  }

  async delete(userId: string, id: string): Promise<null> {
    if (!(await this.deps.repo.delete(userId, id))) throw notFound();
    return null;
  }

  private async summary(userId: string, id: string): Promise<WhiteboardSummary> {
    const row = await this.deps.repo.summary(userId, id);
    if (!row) throw notFound();
    return summaryOf(row);
  }
}
