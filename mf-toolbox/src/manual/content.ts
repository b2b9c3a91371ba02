import accounts from '../../content/manual/01-accounts.md';
import points from '../../content/manual/02-points.md';
import chat from '../../content/manual/03-chat.md';
import agents from '../../content/manual/04-agents.md';
import media from '../../content/manual/05-media.md';
import pay from '../../content/manual/06-pay.md';
import faq from '../../content/faq.md';

/** The manual's chapters in reading order (content/manual/*.md), one document. */
export const MANUAL_SOURCE = [accounts, points, chat, agents, media, pay].join('\n\n');
export const FAQ_SOURCE = faq;
