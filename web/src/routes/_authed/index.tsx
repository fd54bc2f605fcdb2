import { createFileRoute } from '@tanstack/react-router';
import {
  CONTRACTS_WHO,
  type ContractsSearch,
} from '../../features/contracts/contract-search-words';
import { ContractsScreen } from '../../features/contracts/contracts-screen';
import { STATUS_FILTER_KEYS } from '../../features/contracts/status-filter';
import { optionalOneOf, optionalText } from '../../lib/search-params';

export const Route = createFileRoute('/_authed/')({
  // The search box, the status filter, Mine / Everyone and Payment due live in the URL: a reload, a shared
  // link or Back brings the same list.
  validateSearch: (search: Record<string, unknown>): ContractsSearch => ({
    q: optionalText(search.q),
    status: optionalOneOf(search.status, STATUS_FILTER_KEYS),
    who: optionalOneOf(search.who, CONTRACTS_WHO),
    due: search.due === true || search.due === 'true' ? true : undefined,
  }),
  component: ContractsRoute,
});

function ContractsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing and choosing replace the history entry: Back leaves the screen, not each letter. A
  // change is merged into the URL as it is then, so a quick second change never undoes the first.
  const changeSearch = (change: Partial<ContractsSearch>) =>
    void navigate({
      search: (previous) => {
        const next = { ...previous, ...change };
        return { q: next.q || undefined, status: next.status, who: next.who, due: next.due };
      },
      replace: true,
    });
  return <ContractsScreen search={search} onSearchChange={changeSearch} />;
}
