import { useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Empty, Input, List, Row, Space, Tag, Typography, type InputRef } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { localName } from '../../components/format/names';
import { useDebounced } from '../../components/hooks/use-debounced';
import { ParentForm } from '../../components/domain/parents/parent-form';
import { ParentPanel } from './parent-panel';
import { Ltr } from '../../components/ui/ltr';

/** Find the family by mobile, name or ID number (Enter takes the first match), then serve them. */
export function ParentLookup(props: {
  branchId: number | null;
  openKid: (id: number) => void;
  goToTill: (kidIds: number[]) => void;
  initialQuery?: string;
}) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const [typed, setTyped] = useState(props.initialQuery ?? '');
  const query = useDebounced(typed.trim());
  const [chosenId, setChosenId] = useState<number | null>(null);
  // Each time a family is taken (again), the panel puts the focus on its next step: badge or check-out.
  const [served, setServed] = useState(0);
  const choose = (id: number) => {
    setChosenId(id);
    setServed((n) => n + 1);
  };
  const search = useRef<InputRef>(null);
  // After a check-in or check-out the next keystrokes are the next family's mobile.
  const backToSearch = () => search.current?.focus({ cursor: 'all' });
  const [adding, setAdding] = useState(false);
  const [registered, setRegistered] = useState<number | null>(null);
  const { data: found, isFetching } = api.useParentSearchQuery(query.length >= 2 ? { query } : skipToken);
  const chosen = found?.find((p) => p.id === chosenId) ?? null;
  // Enter takes the first match of what was typed, also when its answer is still on the way.
  const [takeFirst, setTakeFirst] = useState(props.initialQuery !== undefined);
  useEffect(() => {
    if (takeFirst && !isFetching && query === typed.trim() && found) {
      if (found[0]) choose(found[0].id);
      setTakeFirst(false);
    }
  }, [takeFirst, isFetching, found, query, typed]);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card size="small">
          <Space.Compact style={{ width: '100%' }}>
            <Input.Search
              ref={search}
              autoFocus
              allowClear
              placeholder={t('desk.search')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onSearch={() => setTakeFirst(true)}
              data-testid="desk-search"
            />
            {ability.can('create', 'FrontDesk') && (
              <Button
                icon={<UserAddOutlined />}
                onClick={() => setAdding(true)}
                aria-label={t('parents.add')}
                data-testid="desk-parent-add"
              />
            )}
          </Space.Compact>
          <List
            style={{ marginTop: 8 }}
            dataSource={query.length >= 2 ? (found ?? []) : []}
            locale={{ emptyText: query.length >= 2 ? t('cart.noParent') : t('desk.searchHelp') }}
            renderItem={(p) => (
              <List.Item
                onClick={() => choose(p.id)}
                style={{
                  cursor: 'pointer',
                  background: p.id === chosenId ? 'rgba(22, 119, 255, 0.08)' : undefined,
                  paddingInline: 8,
                  borderRadius: 6,
                }}
                data-testid={`desk-parent-${p.id}`}
              >
                <List.Item.Meta
                  title={localName(p, i18n.language)}
                  description={
                    <Space size={4} wrap>
                      <Typography.Text type="secondary">
                        <Ltr>{p.mobile}</Ltr>
                      </Typography.Text>
                      <Tag>{t('desk.kids', { count: p.kids.length })}</Tag>
                      {p.kids.some((k) => k.session) && (
                        <Tag color="blue">
                          {t('desk.someInside', { count: p.kids.filter((k) => k.session).length })}
                        </Tag>
                      )}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {chosen ? (
          <ParentPanel
            parent={chosen}
            branchId={props.branchId}
            openKid={props.openKid}
            goToTill={props.goToTill}
            served={served}
            verifyFirst={chosen.id === registered}
            done={backToSearch}
          />
        ) : (
          <Card size="small">
            <Empty description={t('desk.chooseParent')} />
          </Card>
        )}
      </Col>
      {adding && (
        <ParentForm
          onClose={() => setAdding(false)}
          onCreated={(parent) => {
            setAdding(false);
            setTyped(parent.mobile);
            setRegistered(parent.id);
            choose(parent.id);
          }}
        />
      )}
    </Row>
  );
}
