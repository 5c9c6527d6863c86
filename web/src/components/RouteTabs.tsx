import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';

export interface RouteTab {
  /** The last path segment of the tab's route. */
  path: string;
  label: string;
}

/**
 * Tabs that are routes (…/detail, …/roles): the URL says which tab is open,
 * so a tab can be linked to and survives a reload. The tab content is the
 * child route, rendered by the caller's <Outlet />.
 */
export function RouteTabs({
  tabs,
  basePath,
  keepSearch = true,
}: {
  tabs: RouteTab[];
  basePath: string;
  /** Carry the query (an MSP user's corporateAccountOspId) to the next tab; false for tabs that are lists with their own filters. */
  keepSearch?: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = tabs.find((tab) => location.pathname.startsWith(`${basePath}/${tab.path}`))?.path ?? null;
  return (
    <Tabs
      value={current}
      onChange={(next) => {
        if (next) navigate({ pathname: `${basePath}/${next}`, search: keepSearch ? location.search : '' });
      }}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path} data-testid={`tab-${tab.path}`}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
