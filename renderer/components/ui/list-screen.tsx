import { useState, type ReactNode } from 'react';
import { Button, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TablePaginationConfig } from 'antd';
import { PageTitle } from './page-title';

export interface Paging {
  page: number;
  perPage: number;
  q: string;
}

/**
 * Paging and search of a list screen: the query arguments to send, the table's pagination and the
 * search handler (a new search starts again at page 1).
 */
export function usePaging(defaults: { page: number; perPage: number }) {
  const [paging, setPaging] = useState<Paging>({ ...defaults, q: '' });
  return {
    query: { page: paging.page, perPage: paging.perPage, q: paging.q || undefined },
    search: (q: string) => setPaging({ ...paging, page: 1, q }),
    pagination: (total: number | undefined): TablePaginationConfig => ({
      current: paging.page,
      pageSize: paging.perPage,
      total,
      onChange: (page, perPage) => setPaging({ ...paging, page, perPage }),
    }),
  };
}

/** The title row of a list screen: its search box and, for those who may, its add button. */
export function ListHeader(props: {
  title: string;
  searchPlaceholder: string;
  onSearch: (q: string) => void;
  add?: { label: string; testId: string; onClick: () => void } | false;
  /** Further actions beside the add button (an import, say). */
  extra?: ReactNode;
  /** 2 for a list that is a section of a screen with its own title. */
  level?: 1 | 2;
}) {
  return (
    <PageTitle
      title={props.title}
      level={props.level}
      extra={
        <>
          <Input.Search
            allowClear
            placeholder={props.searchPlaceholder}
            onSearch={props.onSearch}
            style={{ width: 260 }}
          />
          {props.extra}
          {props.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={props.add.onClick} data-testid={props.add.testId}>
              {props.add.label}
            </Button>
          )}
        </>
      }
    />
  );
}
