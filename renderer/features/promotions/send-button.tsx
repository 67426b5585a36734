import type { ReactNode } from 'react';
import { Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';

/** The submit of a promotion's form: one message or a campaign. */
export function SendButton(props: { busy: boolean; disabled: boolean; testId: string; children: ReactNode }) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      icon={<SendOutlined />}
      loading={props.busy}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
