import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * The login screen's headings and notes, drawn with antd's tokens rather than its Typography and
 * Card: those bring Tooltip, Tabs and Dropdown along, code the login screen would load for nothing.
 */
export function LoginHeading({ level, children }: { level: 1 | 2; children: ReactNode }) {
  const { token } = theme.useToken();
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag
      style={{
        margin: level === 1 ? 0 : '0 0 0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 1 ? token.fontSizeHeading1 : token.fontSizeHeading4,
        lineHeight: level === 1 ? token.lineHeightHeading1 : token.lineHeightHeading4,
      }}
    >
      {children}
    </Tag>
  );
}

export function LoginNote({ children, paragraph = false }: { children: ReactNode; paragraph?: boolean }) {
  const { token } = theme.useToken();
  const Tag = paragraph ? 'p' : 'span';
  return <Tag style={{ color: token.colorTextSecondary, margin: paragraph ? '0 0 1em' : 0 }}>{children}</Tag>;
}
