import type { ReactNode } from 'react';
// Through the package name, not a relative path: the SDK core is a shared singleton, and a
// relative import would bundle a second copy of it into whichever build provides this chunk.
import { sdkInstance } from '@qiming/sdk';

export interface AreaPageProps {
  area: string;
  version: string;
  title: string;
  children: ReactNode;
}

/**
 * The frame every area page sits in: title and content. Which area and version drew it is in the
 * data attributes (and the host's `?debug=1` overlay), never in text a user reads.
 */
export function AreaPage({ area, version, title, children }: AreaPageProps) {
  return (
    <section
      data-testid="area-page"
      data-area={area}
      data-area-version={version}
      data-sdk-instance={sdkInstance.id}
      style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 16px', minHeight: 'calc(100vh - 64px)' }}
    >
      <h1 style={{ margin: '0 0 16px', fontSize: 24, fontWeight: 600 }}>{title}</h1>
      {children}
    </section>
  );
}
