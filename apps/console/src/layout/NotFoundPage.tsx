import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="No such page"
      subTitle="The console has no page at this address."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go to the dashboard
        </Button>
      }
    />
  );
}
