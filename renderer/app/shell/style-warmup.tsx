import { AutoComplete, Card, Empty, Layout, List, Menu, Select, Space, Table, Tabs, Tag, Typography } from 'antd';

/**
 * The signed-in screens' antd parts drawn once, out of sight, while the login form waits: antd makes
 * each component's styles the first time it is drawn, and that work would otherwise fall between
 * Sign in and the first screen.
 */
export function StyleWarmup() {
  return (
    <div hidden aria-hidden>
      <Layout>
        <Layout.Sider>
          <Menu items={[{ key: 'a', label: 'a' }]} />
        </Layout.Sider>
        <Layout.Header />
        <Layout.Content>
          <Space>
            <Tag />
            <AutoComplete />
            <Select />
          </Space>
          <Tabs items={[{ key: 'a', label: 'a', children: <Empty /> }]} />
          <Card>
            <Typography.Title level={2}>a</Typography.Title>
            <Typography.Text>a</Typography.Text>
          </Card>
          <List dataSource={[]} />
          <Table dataSource={[]} columns={[]} />
        </Layout.Content>
      </Layout>
    </div>
  );
}
