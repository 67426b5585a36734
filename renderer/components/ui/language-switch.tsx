import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';

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
      // The visible name is the button's name (WCAG 2.5.3, spoken as the language it is in); what it does is its tooltip.
      title={t('language.label')}
      onClick={() => void setLanguage(next)}
    >
      {t('language.switchTo')}
    </Button>
  );
}
