import { describe, expect, it } from 'vitest';
import { profileMenu, signIn } from './support/app';
import { setupHarness } from './support/harness';
import { demoPassword } from './support/server';

describe('change password with the tenant strategy (spec §5: enabled, rule 3, length 8)', () => {
  const harness = setupHarness();

  it('checks on blur, shows the server message on failure, signs out after success', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await signIn(page, server.url, 'luobin');
    await page.waitForURL(`${server.url}/eipFront/index`);
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await profileMenu(page, '修改密码', dialog);
    const oldField = dialog.getByLabel('旧密码');
    const newField = dialog.getByLabel('新密码', { exact: true });
    const repeatField = dialog.getByLabel('确认新密码');

    await oldField.focus();
    await newField.focus();
    await dialog.getByText('请输入旧密码').waitFor();
    await repeatField.focus();
    await dialog.getByText('请输入新密码').waitFor();
    await oldField.focus();
    await dialog.getByText('请再次输入新密码').waitFor();

    await newField.fill('abc123');
    await repeatField.focus();
    await dialog.getByText('新密码长度至少为8').waitFor();
    await newField.fill('abcd1234');
    await repeatField.focus();
    await dialog.getByText('新密码必须包含数字、字母、特殊字符').waitFor();
    await newField.fill('Luobin#2027');
    await repeatField.fill('Luobin#2028');
    await oldField.focus();
    await dialog.getByText('两次输入密码不一致!').waitFor();
    await repeatField.fill('Luobin#2027');

    await oldField.fill('wrong-old-password');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const failure = dialog.getByRole('alert');
    await failure.waitFor();
    expect((await failure.textContent())?.trim()).toBeTruthy();

    await oldField.fill(demoPassword);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(`${server.url}/eipFront/login`);

    await signIn(page, server.url, 'luobin', 'Luobin#2027');
    await page.waitForURL(`${server.url}/eipFront/index`);
    expect(errors).toEqual([]);
  });
});
