import { randomUUID } from 'node:crypto';
import {
  ASPECT_RATIOS,
  IMAGE_LIMITS,
  sizeOfAspect,
  type AspectRatio,
  type GalleryPage,
  type GallerySort,
  type ImageAction,
  type ImageFunctions,
  type ImageModelFunctions,
  type ImageTask,
  type ImageTaskKind,
  type LikeState,
  type Page,
  type ReferenceImage,
  type SharedImage,
} from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Translator } from '../../locale/index.js';
import type { Log } from '../../log.js';
import type { BlobStore, StoredObject } from '../../storage/blobStore.js';
import { priceTextOf, type CatalogueEntry } from '../catalogue/index.js';
import type { ContentPolicy } from '../chat/policy/contentPolicy.js';
import type { PointsService } from '../points/index.js';
import type { ImageProvider } from './providers/provider.js';
import { actionUsed, badLink, badReference, bannedContent, IMAGE_MESSAGES, imageNotFound, taskNotFound, taskRunning, tooManyActive, unknownImageModel, unsupported } from './codes.js';
import { extensionOf, sniffPicture, withoutMetadata } from './pictures.js';
import type { ImagesRepository, NewTask, TaskRow } from './repository.js';
import { IMAGE_STYLES } from './styles.js';
import type { ImageLinks } from './urls.js';
import { sharedImageOf, taskViewOf, type TaskViewContext } from './view.js';

/** Which provider draws a catalogue model (the providers module decides: a configured one, else the offline painter). */
export interface ProviderChoice {
  provider: ImageProvider;
  /** The name the provider knows the model by. */
  upstreamModel: string;
  /** The offline painter (离线演示). */
  offline: boolean;
}

export interface ProviderSource {
  /** undefined: nothing can draw this model. */
  providerFor(model: string): ProviderChoice | undefined;
  /** What the model offers (the same whether the offline painter or a channel draws it, so the page does not change when a channel is added). */
  kindsFor(model: string): readonly ImageTaskKind[];
}

export interface ImagesServiceDeps {
  repo: ImagesRepository;
  points: Pick<PointsService, 'hold' | 'refund'>;
  catalogue: { find(id: string): CatalogueEntry | undefined; snapshot(): { entries: readonly CatalogueEntry[] } };
  providers: ProviderSource;
  policy: ContentPolicy;
  store: BlobStore;
  links: ImageLinks;
  translator: Translator;
  now: Clock;
  /** Wakes this instance's worker (a new task is queued). */
  wake(): void;
  log: Log;
}

/** What every submit call comes down to. */
export interface TaskDraft {
  kind: ImageTaskKind;
  model: string;
  prompt: string;
  negativePrompt: string;
  style: string | null;
  aspect: AspectRatio;
  count: number;
  seed: number | null;
  references: string[];
  strength: number;
}

export const holdIdOf = (taskId: string, n: number) => `image:${taskId}:${n}`;

/** Kinds whose task makes one grid of four (one price), and their hold count. */
const GRID_KINDS = new Set<ImageTaskKind>(['imagine', 'blend']);

/** Images a task of the kind is asked for, and how many task prices it holds: txt2img / img2img one per image, everything else one. */
function shapeOf(draft: Pick<TaskDraft, 'kind' | 'count'>, action: ImageAction | null): { count: number; holds: number } {
  if (draft.kind === 'txt2img' || draft.kind === 'img2img') return { count: draft.count, holds: draft.count };
  if (GRID_KINDS.has(draft.kind) || (draft.kind === 'action' && action !== null && !action.startsWith('U'))) return { count: 4, holds: 1 };
  if (draft.kind === 'describe') return { count: 0, holds: 1 };
  return { count: 1, holds: 1 };
}

const OFFSET = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;

/** Image models: the catalogue's 绘画 level, charged per task. */
const isImageModel = (entry: CatalogueEntry | undefined): entry is CatalogueEntry => entry !== undefined && entry.level === '绘画' && entry.price.kind === 'perRequest';

/**
 * The rules of AI drawing: submitting (checks, points holds, the queued task), reading and deleting
 * the caller's tasks, reference uploads, sharing and liking. Running tasks is the worker's.
 */
export class ImagesService {
  readonly viewContext: TaskViewContext;

  constructor(private readonly deps: ImagesServiceDeps) {
    this.viewContext = {
      links: deps.links,
      translator: deps.translator,
      canAct: (model) => deps.providers.kindsFor(model).includes('action'),
    };
  }

  // Submitting.

  async submit(userId: string, draft: TaskDraft): Promise<ImageTask> {
    const entry = this.imageModel(draft.model);
    this.provider(draft.model, draft.kind);
    this.checkPrompt(draft.prompt, draft.negativePrompt);
    await this.ownReferences(userId, draft.references);
    const size = sizeOfAspect(draft.aspect);
    return this.queue(userId, {
      ...this.fieldsOf(draft, entry),
      width: size.width,
      height: size.height,
      parent_task_id: null,
      action: null,
      action_key: null,
    });
  }

  /**
   * U1–U4, V1–V4 or reroll on a grid the caller made: the parent's model, prompt and size, one task
   * price. The same quadrant is upscaled once (2506 while that task is live or done).
   */
  async act(userId: string, parentId: string, action: ImageAction): Promise<ImageTask> {
    const parent = await this.ownTask(userId, parentId);
    const results = await this.deps.repo.imagesOf([parent.id]);
    const view = taskViewOf(parent, results, this.viewContext);
    if (!view.actions.includes(action)) throw unsupported();
    const entry = this.imageModel(parent.model);
    this.provider(parent.model, 'action');
    const draft: TaskDraft = {
      kind: 'action',
      model: parent.model,
      prompt: parent.prompt,
      negativePrompt: parent.negative_prompt,
      style: parent.style,
      aspect: parent.aspect,
      count: 1,
      seed: parent.seed === null ? null : Number(parent.seed),
      references: [],
      strength: parent.strength_percent / 100,
    };
    const actionKey = action.startsWith('U') ? `${parent.id}:${action}` : null;
    if (actionKey && (await this.deps.repo.taskByActionKey(actionKey))) throw actionUsed();
    return this.queue(userId, { ...this.fieldsOf(draft, entry, action), width: parent.width, height: parent.height, parent_task_id: parent.id, action, action_key: actionKey });
  }

  private fieldsOf(draft: TaskDraft, entry: CatalogueEntry, action: ImageAction | null = null) {
    const shape = shapeOf(draft, action);
    return {
      kind: draft.kind,
      model: entry.id,
      model_name: entry.label,
      prompt: draft.prompt,
      negative_prompt: draft.negativePrompt,
      style: draft.style,
      aspect: draft.aspect,
      count: shape.count,
      seed: draft.seed,
      strength_percent: Math.round(draft.strength * 100),
      reference_ids: JSON.stringify(draft.references),
      hold_count: shape.holds,
    };
  }

  /**
   * Holds the task's price (one hold per image of txt2img / img2img, so a partial result charges only
   * what came back), then writes the queued task — or releases every hold when it cannot be written.
   */
  private async queue(userId: string, fields: Omit<NewTask, 'id' | 'user_id' | 'points' | 'created_at'>): Promise<ImageTask> {
    if ((await this.deps.repo.countActive(userId)) >= IMAGE_LIMITS.maxActivePerUser) throw tooManyActive();
    const id = randomUUID();
    const holds: string[] = [];
    let held = 0;
    try {
      for (let n = 1; n <= fields.hold_count; n++) {
        const holdId = holdIdOf(id, n);
        held += (await this.deps.points.hold(userId, holdId, fields.model, { purpose: 'media' })).held;
        holds.push(holdId);
      }
      const outcome = await this.deps.repo.insertQueued({ ...fields, id, user_id: userId, points: held, created_at: this.deps.now().toISOString() }, IMAGE_LIMITS.maxActivePerUser);
      if (outcome === 'tooManyActive') throw tooManyActive();
      if (outcome === 'actionUsed') throw actionUsed();
    } catch (error) {
      for (const holdId of holds) await this.deps.points.refund(holdId).catch((refundError: Error) => this.deps.log.warn({ err: refundError, holdId }, 'releasing an image task hold failed'));
      throw error;
    }
    this.deps.wake();
    return this.task(userId, id);
  }

  private imageModel(model: string): CatalogueEntry {
    const entry = this.deps.catalogue.find(model);
    if (!isImageModel(entry)) throw unknownImageModel();
    return entry;
  }

  private provider(model: string, kind: ImageTaskKind): ProviderChoice {
    const choice = this.deps.providers.providerFor(model);
    if (!choice || !this.deps.providers.kindsFor(model).includes(kind)) throw unsupported();
    return choice;
  }

  private checkPrompt(prompt: string, negativePrompt: string): void {
    if (this.deps.policy.violation(prompt) || this.deps.policy.violation(negativePrompt)) throw bannedContent();
  }

  private async ownReferences(userId: string, ids: string[]): Promise<void> {
    const found = new Set((await this.deps.repo.referencesOf(userId, ids)).map((row) => row.id));
    if (ids.some((id) => !found.has(id))) throw badReference(IMAGE_MESSAGES.referenceNotFound);
  }

  // Reading and deleting.

  private async ownTask(userId: string, id: string): Promise<TaskRow> {
    const task = await this.deps.repo.task(id);
    if (!task || task.user_id !== userId) throw taskNotFound();
    return task;
  }

  async task(userId: string, id: string): Promise<ImageTask> {
    const task = await this.ownTask(userId, id);
    return taskViewOf(task, await this.deps.repo.imagesOf([task.id]), this.viewContext);
  }

  async history(userId: string, request: { pageNo: number; pageSize: number; kind?: ImageTaskKind }): Promise<Page<ImageTask>> {
    const kinds = request.kind ? [request.kind] : null;
    const { rows, total } = await this.deps.repo.history(userId, kinds, OFFSET(request.pageNo, request.pageSize), request.pageSize);
    const images = await this.deps.repo.imagesOf(rows.map((row) => row.id));
    return { total, list: rows.map((row) => taskViewOf(row, images.filter((image) => image.task_id === row.id), this.viewContext)) };
  }

  /** Deletes a finished task of the caller with its images (off the gallery, likes gone, files removed). */
  async delete(userId: string, id: string): Promise<null> {
    const task = await this.ownTask(userId, id);
    if (task.status === 'queued' || task.status === 'running') throw taskRunning();
    const keys = await this.deps.repo.deleteFinished(userId, id);
    if (keys === null) throw taskNotFound();
    for (const key of keys) await this.deps.store.delete(key).catch((error: Error) => this.deps.log.warn({ err: error, key }, 'removing a deleted image failed'));
    return null;
  }

  /** What the painter offers: the image models with their prices and abilities, styles, aspects, limits. */
  functions(): ImageFunctions {
    const models: ImageModelFunctions[] = [];
    for (const entry of this.deps.catalogue.snapshot().entries) {
      if (!isImageModel(entry) || entry.price.kind !== 'perRequest') continue;
      const choice = this.deps.providers.providerFor(entry.id);
      if (!choice) continue;
      const kinds = [...this.deps.providers.kindsFor(entry.id)];
      if (kinds.length === 0) continue;
      // OpenAI's Images API takes neither a negative prompt nor a seed; the others do.
      const openAi = choice.provider.kind === 'openai-images';
      models.push({
        id: entry.id,
        name: this.deps.translator.text(entry.label),
        icon: entry.icon ?? null,
        priceText: this.deps.translator.text(priceTextOf(entry.price)),
        points: entry.price.points,
        kinds,
        maxCount: kinds.includes('txt2img') || kinds.includes('img2img') ? IMAGE_LIMITS.maxCount : 1,
        aspects: [...ASPECT_RATIOS],
        negativePrompt: !openAi,
        seed: !openAi,
        offlineDemo: choice.offline,
      });
    }
    const styles = IMAGE_STYLES.map((style) => ({ ...style, name: this.deps.translator.text(style.name) }));
    return { models, styles, aspects: [...ASPECT_RATIOS], limits: IMAGE_LIMITS };
  }

  // Reference images.

  /** Stores an uploaded reference: PNG / JPEG / WebP by its bytes, re-encoded without metadata. */
  async addReference(userId: string, data: Buffer): Promise<ReferenceImage> {
    const mime = await sniffPicture(data);
    if (!mime) throw badReference();
    const clean = await withoutMetadata(data, mime).catch(() => {
      throw badReference();
    });
    const id = randomUUID();
    const key = `image-references/${userId}/${id}.${extensionOf(clean.mime)}`;
    await this.deps.store.put(key, clean.data, { contentType: clean.mime });
    await this.deps.repo.insertReference({ id, user_id: userId, storage_key: key, mime: clean.mime, width: clean.width, height: clean.height, bytes: clean.data.length, created_at: this.deps.now().toISOString() });
    return { id, url: this.deps.links.signedUrl(id, 'reference'), width: clean.width, height: clean.height };
  }

  // The gallery.

  /** Shares the caller's image (the gallery's newest first) or takes it off (share false: null). */
  async share(userId: string, imageId: string, share: boolean): Promise<SharedImage | null> {
    const image = await this.deps.repo.image(imageId);
    if (!image || image.user_id !== userId) throw imageNotFound();
    if (!(await this.deps.repo.setShared(userId, imageId, share, this.deps.now().toISOString()))) throw imageNotFound();
    if (!share) return null;
    const row = await this.deps.repo.sharedImage(imageId, userId);
    if (!row) throw imageNotFound();
    return sharedImageOf(row, userId, this.deps.links);
  }

  async gallery(viewerId: string | null, request: { pageNo: number; pageSize: number; sort: GallerySort }): Promise<GalleryPage> {
    const { rows, total } = await this.deps.repo.gallery(request.sort, viewerId, OFFSET(request.pageNo, request.pageSize), request.pageSize);
    return { total, list: rows.map((row) => sharedImageOf(row, viewerId, this.deps.links)) };
  }

  async like(userId: string, imageId: string, like: boolean): Promise<LikeState> {
    const state = await this.deps.repo.setLike(imageId, userId, like, this.deps.now().toISOString());
    if (!state) throw imageNotFound();
    return { imageId, ...state };
  }
}

/** An image file to send, and how long it may be cached. */
export interface ImageFile {
  object: StoredObject;
  cacheControl: string;
}

/** Shared images: public and id-addressed (an id's bytes never change), so caches keep them long. */
const PUBLIC_CACHE = 'public, max-age=2592000, immutable';

/**
 * Serves the files behind the links: an owner link must carry a valid, unexpired signature; a link
 * without one is served only while the image is shared. Missing: HTTP 404; a bad link: 403.
 */
export class ImageFiles {
  constructor(
    private readonly repo: ImagesRepository,
    private readonly store: BlobStore,
    private readonly links: ImageLinks,
  ) {}

  async image(id: string, variant: 'original' | 'thumb', query: { exp?: string; sig?: string }): Promise<ImageFile> {
    const image = await this.repo.image(id);
    if (!image) throw imageNotFound(404);
    let cacheControl = PUBLIC_CACHE;
    if (query.exp !== undefined || query.sig !== undefined) cacheControl = this.checkLink(variant, id, query);
    else if (image.shared !== 1) throw imageNotFound(404);
    return { object: await this.open(variant === 'thumb' ? image.thumb_key : image.original_key), cacheControl };
  }

  async reference(id: string, query: { exp?: string; sig?: string }): Promise<ImageFile> {
    const reference = await this.repo.reference(id);
    if (!reference) throw imageNotFound(404);
    return { object: await this.open(reference.storage_key), cacheControl: this.checkLink('reference', id, query) };
  }

  /** The link's cache rule: private, until it expires. */
  private checkLink(variant: 'original' | 'thumb' | 'reference', id: string, query: { exp?: string; sig?: string }): string {
    if (!this.links.verify(variant, id, query.exp, query.sig)) throw badLink();
    return `private, max-age=${this.links.secondsLeft(query.exp!)}, immutable`;
  }

  private async open(key: string): Promise<StoredObject> {
    const object = await this.store.get(key);
    if (!object) throw imageNotFound(404);
    return object;
  }
}
