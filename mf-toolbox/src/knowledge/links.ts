/** The chat with a knowledge base selected (the chat area reads kgId and shows kgTitle in its banner). */
export const knowledgeChatLink = (id: string, title: string) => `/chatPage?kgId=${encodeURIComponent(id)}&kgTitle=${encodeURIComponent(title)}`;

/** A base's detail on 我的知识库 (read-only when it is someone else's public base). */
export const knowledgeDetailLink = (id: string) => `/toolBox/knowledgePage?kgId=${encodeURIComponent(id)}`;
