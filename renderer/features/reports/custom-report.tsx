import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Popconfirm, Select } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  REPORT_DIMENSIONS,
  REPORT_MEASURES,
  type CustomReportDefinition,
  type ReportDimension,
  type ReportMeasure,
} from '../../../shared/api/reports';
import { api } from '../../api/base';
import { useSubmit } from '../../components/hooks/use-submit';
import { ReportTable } from './report-table';
import type { ReportScope } from './report-scope';
import { ReadRefusal } from '../../components/ui/read-refusal';

/** Spec 2, custom reports: up to three dimensions and any measures over the days chosen, kept by name for the user. */
export function CustomReport({ scope }: { scope: ReportScope }) {
  const { t } = useTranslation();
  const [definition, setDefinition] = useState<CustomReportDefinition>({
    dimensions: ['day'],
    measures: ['count', 'gross'],
  });
  const [run, { data, isFetching, error }] = api.useLazyCustomReportQuery();
  const [ran, setRan] = useState<CustomReportDefinition | null>(null);
  const { data: saved } = api.useSavedReportListQuery();
  const [save, saving] = api.useSavedReportSaveMutation();
  const [remove] = api.useSavedReportDeleteMutation();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const submit = useSubmit();
  const go = () => {
    setRan(definition);
    void run({ dates: scope.dates, branch_id: scope.branchId, ...definition });
  };
  const ready = definition.dimensions.length > 0 && definition.measures.length > 0;
  return (
    <div data-testid="custom-report">
      <ReadRefusal error={error} />
      <Card size="small" className="no-print" style={{ marginBottom: 16 }}>
        <Form layout="vertical">
          <Flex gap={16} wrap>
            <Form.Item
              label={t('reports.custom.dimensions')}
              extra={t('reports.custom.dimensionsHelp')}
              style={{ flex: '1 1 280px' }}
            >
              <Select<ReportDimension[]>
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                maxCount={3}
                value={definition.dimensions}
                onChange={(dimensions) => setDefinition({ ...definition, dimensions })}
                options={REPORT_DIMENSIONS.map((d) => ({ value: d, label: t(`reports.dimensions.${d}`) }))}
                data-testid="custom-dimensions"
                aria-label={t('reports.custom.dimensions')}
              />
            </Form.Item>
            <Form.Item label={t('reports.custom.measures')} style={{ flex: '1 1 280px' }}>
              <Select<ReportMeasure[]>
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                value={definition.measures}
                onChange={(measures) => setDefinition({ ...definition, measures })}
                options={REPORT_MEASURES.map((m) => ({ value: m, label: t(`reports.measures.${m}`) }))}
                data-testid="custom-measures"
                aria-label={t('reports.custom.measures')}
              />
            </Form.Item>
          </Flex>
          <Flex gap={8} wrap>
            <Button type="primary" onClick={go} disabled={!ready} loading={isFetching} data-testid="custom-run">
              {t('reports.custom.run')}
            </Button>
            <Input
              style={{ maxWidth: 240 }}
              placeholder={t('reports.custom.name')}
              aria-label={t('reports.custom.name')}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              data-testid="custom-name"
            />
            <Button
              icon={<SaveOutlined />}
              disabled={!ready || !name.trim()}
              loading={saving.isLoading}
              onClick={() => void submit(save({ name: name.trim(), definition }))}
              data-testid="custom-save"
            >
              {t('reports.custom.save')}
            </Button>
            <Select<number>
              style={{ minWidth: 220 }}
              placeholder={t('reports.custom.saved')}
              aria-label={t('reports.custom.saved')}
              value={chosen ?? undefined}
              notFoundContent={t('reports.custom.noneSaved')}
              options={(saved ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(id) => {
                const report = saved?.find((r) => r.id === id);
                setChosen(id);
                if (report) {
                  setDefinition(report.definition);
                  setName(report.name);
                }
              }}
              data-testid="custom-saved"
            />
            {chosen !== null && (
              <Popconfirm
                title={t('reports.custom.confirmDelete', { name: saved?.find((r) => r.id === chosen)?.name ?? '' })}
                okText={t('actions.delete')}
                cancelText={t('actions.cancel')}
                onConfirm={() => void submit(remove({ id: chosen })).then((done) => done !== null && setChosen(null))}
              >
                <Button icon={<DeleteOutlined />} danger aria-label={t('actions.delete')} />
              </Popconfirm>
            )}
          </Flex>
        </Form>
      </Card>
      {ran && (
        <ReportTable
          title={name.trim() || t('reports.custom.title')}
          testId="custom-table"
          fileName={`report-${scope.dates.from}-${scope.dates.to}.xlsx`}
          dimensions={ran.dimensions}
          measures={ran.measures}
          rows={data?.rows}
          totals={data?.totals}
          loading={isFetching}
        />
      )}
      {data?.truncated && <p>{t('reports.truncated')}</p>}
    </div>
  );
}
