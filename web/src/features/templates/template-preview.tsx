import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { freezeContractDocument } from '@domain/contract-document/index';
import { renderTemplate } from '@domain/template-engine/index';
import { sampleTemplateData } from '@domain/template-data';
import { ContractFrame } from '../../components/contract-frame';
import { trpc } from '../../lib/trpc';
import { useLogoDataUrl } from '../prefs/use-logo-data-url';

/** The template filled with sample data (sample total $5,000.00) and the company's details. */
export function TemplatePreview({ html }: { html: string }) {
  const prefs = useQuery(trpc.prefs.get.queryOptions());
  const logo = useLogoDataUrl(prefs.data?.logo_path);
  const rendered = useMemo(() => {
    const company = prefs.data
      ? {
          name: prefs.data.company_name,
          phone: prefs.data.company_phone,
          email: prefs.data.company_email,
          address: prefs.data.company_address,
          website: prefs.data.company_website,
          logo: logo ?? null,
        }
      : null;
    const result = renderTemplate(html, sampleTemplateData(company));
    return result.ok ? { ...result, html: freezeContractDocument(result.html) } : result;
  }, [html, prefs.data, logo]);

  if (!rendered.ok) {
    return (
      <Alert color="red" title="The preview cannot be shown">
        {rendered.problems.map((problem) => `Line ${problem.line}: ${problem.message}`).join('; ')}
      </Alert>
    );
  }
  return (
    <div>
      <Text size="sm" c="dimmed" mb={4}>
        Preview with sample client data
      </Text>
      <ContractFrame html={rendered.html} title="Template preview" />
    </div>
  );
}
