import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';

/** Switches between English and Arabic; the label names the other language, in that language. */
export function LanguageSwitch({ type = 'default' }: { type?: 'default' | 'text' }) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      type={type}
      icon={<GlobalOutlined />}
      data-testid="language-switch"
      lang={next}
      aria-label={t('language.label')}
      onClick={() => void setLanguage(next)}
    >
      {t('language.switchTo')}
    </Button>
  );
}
