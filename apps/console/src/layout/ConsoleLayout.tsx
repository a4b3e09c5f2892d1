import { Button, Layout, Menu, Space, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { areaOf, CONSOLE_AREAS } from '../app/console-areas';
import { useSignOut } from '../auth/use-sign-out';
import { StaffBadge } from './StaffBadge';

const menuItems = CONSOLE_AREAS.map((area) => ({ key: area.path, label: area.label }));

/** The desktop frame of every signed-in screen: the areas on the left, the staff member on top. */
export function ConsoleLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOutNow, signingOut } = useSignOut();
  const selectedArea = areaOf(location.pathname);

  return (
    <Layout className="console-layout">
      <Layout.Sider width={220} className="console-sider">
        <div className="console-sider-sticky">
          <div className="console-brand">Nivesh Console</div>
          <nav aria-label="Console areas">
            <Menu
              theme="dark"
              mode="inline"
              items={menuItems}
              selectedKeys={selectedArea ? [selectedArea.path] : []}
              onClick={({ key }) => navigate(key)}
            />
          </nav>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Text type="secondary">Every action is recorded in the audit log.</Typography.Text>
          <Space size="middle">
            <StaffBadge />
            <Button onClick={signOutNow} loading={signingOut}>
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
