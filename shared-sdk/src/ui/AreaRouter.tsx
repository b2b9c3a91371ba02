import { Suspense, useEffect, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AreaPage } from './AreaPage';
import { UiProvider } from './UiProvider';
import { PageErrorBoundary } from './PageErrorBoundary';
import { eventBus, sdkInstance, sdkText as t } from '@qiming/sdk';

export interface AreaPageDefinition {
  /** A react-router path pattern; the area's routes in contracts/src/federation/areas.json. */
  path: string;
  /** The page's title in the page's language (build the pages list at render time, after the area's text loaded). */
  title: string;
  /** The page (a route is declared with what it shows: no area ships a 建设中 placeholder). */
  element: ReactNode;
  /** false: the page draws its whole screen itself (e.g. the login page, shown without the navbar). */
  frame?: boolean;
}

export interface AreaRouterProps {
  area: string;
  version: string;
  pages: AreaPageDefinition[];
}

/**
 * What a lazy page shows while its code loads: the page frame's outline (title, paragraphs) in the
 * same centred 1200 px column as `AreaPage`, not a spinner at the edge.
 */
function PageSkeleton() {
  return (
    <div data-testid="page-skeleton" aria-busy="true" style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 16px', boxSizing: 'border-box' }}>
      <Skeleton active title={{ width: 220 }} paragraph={{ rows: 6 }} />
    </div>
  );
}

/** Tells the host which page is shown under which title, so its breadcrumb and the page's heading say the same. */
function ShownPage({ title, children }: { title: string; children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => eventBus.emit('page:shown', { path: pathname, title }), [pathname, title]);
  return <>{children}</>;
}

/** An area's router: each page in the area frame, and the area's own 页面不存在 for unknown sub-paths. */
export function AreaRouter({ area, version, pages }: AreaRouterProps) {
  return (
    <UiProvider>
      {/* Navigations are transitions: the page shown stays until the next one's code is in, instead of a skeleton held up by React's fallback throttle. */}
      <BrowserRouter future={{ v7_startTransition: true }}>
        {/* Pages may be lazy (React.lazy) so an area loads only the page being visited. */}
        <PageErrorBoundary>
          <Suspense fallback={<PageSkeleton />}>
            <Routes>
              {pages.map((page) => (
                <Route
                  key={page.path}
                  path={page.path}
                  element={
                    <ShownPage title={page.title}>
                      {page.frame === false ? (
                        <section data-testid="area-page" data-area={area} data-area-version={version} data-sdk-instance={sdkInstance.id}>
                          {page.element}
                        </section>
                      ) : (
                        <AreaPage area={area} version={version} title={page.title}>
                          {page.element}
                        </AreaPage>
                      )}
                    </ShownPage>
                  }
                />
              ))}
              <Route
                path="*"
                element={
                  <ShownPage title={t('page.notFound')}>
                    <AreaPage area={area} version={version} title={t('page.notFound')}>
                      <p>{t('page.notFoundDetail')}</p>
                    </AreaPage>
                  </ShownPage>
                }
              />
            </Routes>
          </Suspense>
        </PageErrorBoundary>
      </BrowserRouter>
    </UiProvider>
  );
}
