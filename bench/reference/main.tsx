import { Button, Form, Input } from 'antd';
import { createRoot } from 'react-dom/client';

/**
 * The web bench's yardstick (issue 15): a bare Ant Design sign-in form — two fields and a button — built with
 * the web app's own Vite config from the same React and antd, served the same way.
 */
function ReferenceForm() {
  return (
    <main style={{ maxWidth: 400, margin: '15vh auto', padding: 24 }}>
      <Form name="reference" layout="vertical" onFinish={() => undefined}>
        <Form.Item label="账号" name="account" rules={[{ required: true }]}>
          <Input size="large" autoComplete="username" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true }]}>
          <Input.Password size="large" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block>
          登录
        </Button>
      </Form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<ReferenceForm />);
