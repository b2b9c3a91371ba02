/**
 * Chat uploads (spec chat §2 upload control, §4 upload states, §5 type rules, §7
 * uploadChatKnowledge2). Paths under /app-api; JSON answers use the envelope { code, data, msg }.
 *
 * POST backend-api/uploadChatKnowledge2 (aliases readPdf, upload, uploadFile, uploadFileToMinio),
 * multipart: `file` (one), `id` (optional, the conversation or knowledge id it belongs to),
 * `gptType` (the model id, for the type rules) → UploadResult. Login required.
 * GET backend-api/uploadedFile/{knowledgeId} → the stored bytes (owner only), the `url` of a result.
 */

const filesCodes = {
  noFile: 2101,
  tooLarge: 2102,
  typeNotAccepted: 2103,
  typeMismatch: 2104,
  parseFailed: 2105,
  parseBusy: 2106,
  fileNotFound: 2107,
};
export const FILE_CODES = filesCodes as Readonly<typeof filesCodes>;

const filesLimits = {
  maxBytes: 20971520,
  imageMaxBytes: 10485760,
  textMaxChars: 200000,
  imageOnlyModels: ['glm-4v', 'gemini-pro-vision', 'mj-chat'],
  imageOnlyContains: 'o1',
  pdfModels: ['pdf-to-text'],
  agentPrefix: 'gpt-4-gizmo-g-',
};
export const FILE_LIMITS = filesLimits as Readonly<typeof filesLimits>;

/**
 * Between two pages of a PDF's extracted text (a form feed on a line of its own): the document
 * index cites passages by page. Readers that do not care see a blank line once it is cleaned out.
 */
export const PAGE_BREAK = '\n\f\n';

/** How a file was read: the chip shown for it. */
export type UploadKind = 'pdf' | 'docx' | 'xlsx' | 'image' | 'text' | 'other';

export interface UploadResult {
  knowledgeId: string;
  /** The text extracted (PDF, DOCX, text and code as is, images by OCR); '' when none. */
  fileContent: string;
  /** Where the stored file is served (owner only). */
  url: string;
  /** The name the user gave the file. */
  name: string;
  kind: UploadKind;
  /** The type sniffed from the bytes, not the one the name or the browser claimed. */
  mime: string;
  size: number;
  /** True when the text of an image came from OCR. */
  ocr: boolean;
}

/** Which files a model takes (spec chat §5); null = any type the server can read. */
export interface UploadRule {
  extensions: string[];
  /** The spec's refusal when another type is chosen. */
  message: string;
}

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'];

/** spec chat §5: image-only models take png/jpg/jpeg; pdf models pdf and those images. */
export function uploadRuleFor(modelId: string): UploadRule | null {
  if (FILE_LIMITS.imageOnlyModels.includes(modelId) || modelId.includes(FILE_LIMITS.imageOnlyContains)) {
    return { extensions: IMAGE_EXTENSIONS, message: '当前模型仅支持 PNG(.png)、JPEG(.jpeg和 jpg)图片的分析' };
  }
  if (FILE_LIMITS.pdfModels.includes(modelId)) {
    return { extensions: ['pdf', ...IMAGE_EXTENSIONS], message: 'pdf转换目前仅支持 pdf文件的文本提取' };
  }
  return null;
}

/** The upload control shows for models that accept files and for agent codes (gpt-4-gizmo-g-…). */
export function canUploadTo(modelId: string, canUpload: boolean): boolean {
  return canUpload || modelId.startsWith(FILE_LIMITS.agentPrefix);
}

/** The extension of a file name, lower case, '' when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
