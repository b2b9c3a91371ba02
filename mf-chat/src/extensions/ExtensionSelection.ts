import { makeAutoObservable, observableRef } from 'mobx';
import type { SelectionMemory } from './selectionMemory';

/**
 * The extensions chosen for the conversation shown, remembered per conversation: opening another
 * one shows its own; a new chat shows the selection last used in a new chat, and that selection is
 * copied onto the conversation once the stream names it (and stays the new chat's).
 */
export class ExtensionSelection {
  /** mcpNames, in the order they were added. */
  names: string[];
  /** The conversation the names belong to (null: a new chat). */
  private conversation: string | null = null;

  constructor(private readonly memory: SelectionMemory) {
    this.names = memory.read(null);
    makeAutoObservable<this, 'memory' | 'conversation'>(this, { memory: false, conversation: false, names: observableRef });
  }

  /** Another conversation is shown (null: a new chat): its own selection. */
  show(convGroupId: string | null): void {
    this.conversation = convGroupId;
    this.names = this.memory.read(convGroupId);
  }

  /** The new chat's first answer named its conversation: the selection it was sent with is that conversation's from now on. */
  adopt(convGroupId: string): void {
    if (this.conversation === convGroupId) return;
    this.conversation = convGroupId;
    this.memory.write(convGroupId, this.names);
  }

  /** The dialog's 确定, a chip's ×. */
  set(names: readonly string[]): void {
    this.names = [...new Set(names)];
    this.memory.write(this.conversation, this.names);
  }
}
