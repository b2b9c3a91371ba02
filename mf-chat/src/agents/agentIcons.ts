import { useEffect, useState } from 'react';
import { agentIcon } from './agentOption';
import { agentByCode } from './openAgent';

// One lookup per agent code for the page's life: history lists repeat the same few agents.
const icons = new Map<string, Promise<string | null>>();

function iconOf(code: string): Promise<string | null> {
  let icon = icons.get(code);
  if (!icon) {
    icon = agentByCode(code).then(agentIcon, () => null);
    icons.set(code, icon);
  }
  return icon;
}

/** The icon of the agent `code` names (null while unknown, or when it no longer exists); no lookup for null. */
export function useAgentIcon(code: string | null): string | null {
  const [icon, setIcon] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    void iconOf(code).then((found) => current && setIcon(found));
    return () => {
      current = false;
    };
  }, [code]);
  return code ? icon : null;
}
