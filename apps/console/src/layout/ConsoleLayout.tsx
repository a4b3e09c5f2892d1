import { Button, Layout, Menu, Result, Space, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { areaOf, CONSOLE_AREAS, type ConsoleArea, opensArea } from '../app/console-areas';
import { useSignOut } from '../auth/use-sign-out';
import { useStaffMe } from '../auth/use-staff-me';
import { StaffBadge } from './StaffBadge';

/** The areas a member's roles open; none but the dashboard while the roles are not known yet. */
const menuItemsFor = (roles: readonly string[] | undefined) =>
  CONSOLE_AREAS.filter((area) => (roles ? opensArea(area, roles) : area.path === '/')).map((area) => ({
    key: area.path,
    label: area.label,
  }));

/** An area the member's roles do not open, reached by its address: nothing of it is asked of the server. */
function AreaClosed({ area }: { area: ConsoleArea }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={`${area.label} is not part of your roles`}
      subTitle={`It needs the ${(area.roles ?? []).join(', ')} role. Ask an admin if you need it.`}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go to the dashboard
        </Button>
      }
    />
  );
}

/** The desktop frame of every signed-in screen: the areas on the left, the staff member on top. */
export function ConsoleLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOutNow, signingOut } = useSignOut();
  const selectedArea = areaOf(location.pathname);
  const roles = useStaffMe().data?.roles;
  const isAreaOpen =
    !selectedArea ||
    selectedArea.roles === undefined ||
    (roles !== undefined && opensArea(selectedArea, roles));

  return (
    <Layout className="console-layout">
      <Layout.Sider width={220} className="console-sider">
        <div className="console-sider-sticky">
          <div className="console-brand">Nivesh Console</div>
          <nav aria-label="Console areas">
            <Menu
              theme="dark"
              mode="inline"
              items={menuItemsFor(roles)}
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
          {isAreaOpen ? <Outlet /> : roles && selectedArea ? <AreaClosed area={selectedArea} /> : null}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
