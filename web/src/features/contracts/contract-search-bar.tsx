import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContractStatus } from '@domain/contract-lifecycle';
import { CONTRACT_SEARCH_MAX } from '@domain/contract-search.schemas';
import type { ContractsSearch } from './contract-search-words';
import { STATUS_FILTERS } from './status-filter';

/** How long typing may pause before the list follows: one request per word, not per letter. */
const TYPING_PAUSE_MS = 300;

/**
 * The search box and status filter of the contracts screen. What is typed shows at once; the URL
 * (and so the list) follows after a pause in typing. Clearing, and Escape, apply at once.
 */
export function ContractSearchBar({
  search,
  onChange,
}: {
  search: ContractsSearch;
  onChange: (change: Partial<ContractsSearch>) => void;
}) {
  const [text, setText] = useState(search.q ?? '');
  // The query this box last put in the URL. Back, a link or "Show all contracts" can put
  // another one there: the box then shows that (but never undoes letters typed meanwhile).
  const [pushed, setPushed] = useState(search.q);
  const [seen, setSeen] = useState(search.q);
  if (search.q !== seen) {
    setSeen(search.q);
    if (search.q !== pushed) {
      setPushed(search.q);
      setText(search.q ?? '');
    }
  }
  const push = (q: string | undefined) => {
    setPushed(q);
    onChange({ q });
  };
  const apply = useDebouncedCallback((typed: string) => {
    const q = typed.trim() || undefined;
    if (q !== search.q) push(q);
  }, TYPING_PAUSE_MS);
  const clear = () => {
    apply.cancel();
    setText('');
    if (search.q) push(undefined);
  };
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Find a contract">
      <TextInput
        style={{ flex: '3 1 16rem' }}
        label="Search"
        placeholder="Client name, email, address or number"
        value={text}
        maxLength={CONTRACT_SEARCH_MAX}
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={text ? <CloseButton aria-label="Clear search" onClick={clear} /> : undefined}
        onChange={(event) => {
          setText(event.currentTarget.value);
          apply(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply.flush();
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            clear();
          }
        }}
      />
      <NativeSelect
        style={{ flex: '1 1 12rem' }}
        label="Status"
        value={search.status ?? ''}
        data={[
          { value: '', label: 'All statuses' },
          ...STATUS_FILTERS.map((filter) => ({ value: filter.key, label: filter.label })),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ status: value === '' ? undefined : (value as ContractStatus) });
        }}
      />
    </Group>
  );
}
