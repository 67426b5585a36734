import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { SEARCH_LIMIT_PER_GROUP } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { localName } from '../../components/format/names';
import { useDebounced } from '../../components/hooks/use-debounced';
import { Ltr } from '../../components/ui/ltr';

/**
 * The header's search over parents and kids, at most four of each (spec 9): a parent opens the front
 * desk on that family, a kid opens the kid's profile.
 */
export function GlobalSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  // Left behind on another page, the text would look like a filter on a page it does not filter.
  const { pathname } = useLocation();
  useEffect(() => setTyped(''), [pathname]);
  const query = useDebounced(typed.trim());
  const { data } = api.useParentSearchQuery(query.length >= 2 ? { query } : skipToken);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const named = (item: { name_en: string; name_ar: string }) =>
    words.every((w) => `${item.name_en} ${item.name_ar}`.toLowerCase().includes(w));
  const parents = (data ?? []).slice(0, SEARCH_LIMIT_PER_GROUP);
  const kids = (data ?? []).flatMap((p) => p.kids.filter(named)).slice(0, SEARCH_LIMIT_PER_GROUP);
  const options = [
    ...(parents.length
      ? [
          {
            label: t('search.parents'),
            options: parents.map((p) => ({
              value: `/FrontDesk/find/${encodeURIComponent(p.mobile)}`,
              label: (
                <>
                  {localName(p, i18n.language)} · <Ltr>{p.mobile}</Ltr>
                </>
              ),
            })),
          },
        ]
      : []),
    ...(kids.length
      ? [
          {
            label: t('search.kids'),
            options: kids.map((k) => ({ value: `/FrontDesk/${k.id}`, label: localName(k, i18n.language) })),
          },
        ]
      : []),
  ];
  // The header's 64-pixel line height would stretch the field.
  return (
    <div style={{ lineHeight: 'normal', display: 'flex', alignItems: 'center' }}>
      <AutoComplete
        value={typed}
        options={options}
        onSearch={setTyped}
        onSelect={(route: string) => {
          setTyped('');
          navigate(route);
        }}
        style={{ width: 280 }}
        notFoundContent={query.length >= 2 ? t('cart.noParent') : null}
        data-testid="global-search"
      >
        <Input
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          allowClear
          aria-label={t('search.placeholder')}
        />
      </AutoComplete>
    </div>
  );
}
