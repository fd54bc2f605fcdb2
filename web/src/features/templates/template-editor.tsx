import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { inspectContractTemplate } from '@domain/contract-document/index';
import { compileTemplate } from '@domain/template-engine/index';
import { templateInputSchema, type Template } from '@domain/templates.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { TemplatePreview } from './template-preview';
import { TokenHint } from './token-hint';

/** Template editor: name, HTML, token hint, live preview, save. */
export function TemplateEditor({ template }: { template: Template | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [showPreview, setShowPreview] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: template?.name ?? '', html: template?.html ?? '' },
    validate: schemaResolver(templateInputSchema, { sync: true }),
  });
  const html = useDeferredValue(form.values.html);
  // Engine problems first; a template that compiles is then held to the contract document policy
  // (no print-only rules, nothing from outside the contract), as the server does on save.
  const problems = useMemo(() => {
    const compiled = compileTemplate(html);
    return compiled.ok ? inspectContractTemplate(html) : compiled.problems;
  }, [html]);

  const onSaved = async (saved: Template, title: string) => {
    form.resetDirty();
    await queryClient.invalidateQueries(trpc.templates.pathFilter());
    showToast({ title, message: saved.name });
    await navigate({ to: '/templates' });
  };
  const onFailed = (error: unknown) =>
    showToast({
      title: 'Failed to save template',
      message: errorMessage(error, 'Please try again'),
      error: true,
    });
  const create = useMutation(
    trpc.templates.create.mutationOptions({
      onSuccess: (saved) => onSaved(saved, 'Template created'),
      onError: onFailed,
    }),
  );
  const update = useMutation(
    trpc.templates.update.mutationOptions({
      onSuccess: (saved) => onSaved(saved, 'Template updated'),
      onError: onFailed,
    }),
  );
  const saving = create.isPending || update.isPending;

  useBlocker({
    shouldBlockFn: () =>
      form.isDirty() && !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => form.isDirty(),
  });

  const save = form.onSubmit((values) => {
    if (template) update.mutate({ id: template.id, ...values });
    else create.mutate({ ...values, is_preset: false });
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput label="Template Name" required {...form.getInputProps('name')} />
        <Textarea
          label="HTML Template"
          required
          autosize
          minRows={12}
          maxRows={28}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          {...form.getInputProps('html')}
        />
        {problems.length > 0 && (
          <Alert
            color="red"
            icon={<IconAlertTriangle aria-hidden />}
            title="Fix these before saving"
            role="alert"
          >
            <Stack gap={2}>
              {problems.slice(0, 8).map((problem, index) => (
                <span key={`${index}:${problem.line}:${problem.message}`}>
                  Line {problem.line}: {problem.message}
                </span>
              ))}
              {problems.length > 8 && <span>…and {problems.length - 8} more</span>}
            </Stack>
          </Alert>
        )}
        <TokenHint />
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={
              showPreview ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
            }
            onClick={() => setShowPreview((shown) => !shown)}
            aria-expanded={showPreview}
          >
            {showPreview ? 'Hide Preview' : 'Show Preview'}
          </Button>
          <Button type="submit" loading={saving} disabled={problems.length > 0}>
            Save Template
          </Button>
        </Group>
        {showPreview && <TemplatePreview html={html} />}
      </Stack>
    </form>
  );
}

/** Loads the template named by ?id= before showing the editor; a failed load says so. */
export function TemplateEditorLoader({ id }: { id: number }) {
  const query = useQuery(trpc.templates.get.queryOptions({ id }));
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <Alert color="red" title="Failed to fetch template" role="alert">
        {errorMessage(query.error, 'Please try again')}
      </Alert>
    );
  }
  return <TemplateEditor key={id} template={query.data} />;
}
