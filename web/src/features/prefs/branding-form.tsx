import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { updatePrefsInputSchema, type Prefs, type UpdatePrefsInput } from '@domain/prefs.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CompanyFields, toCompanyValues, type CompanyFormValues } from './company-fields';
import { requiredCompanyFields } from './required-company-fields';
import { showToast } from '../../lib/toast';
import { PaperCopyFeeField } from './paper-copy-fee-field';
import { paperCopyFeeInput, readPaperCopyFee } from './paper-copy-fee';

/** What the server refuses this form without, marked required. */
const requiredFields = requiredCompanyFields(updatePrefsInputSchema);

/** The company details, and the paper-copy fee as typed, in dollars. */
type BrandingValues = CompanyFormValues & { paper_copy_fee: string };

const toBrandingValues = (prefs: Prefs): BrandingValues => ({
  ...toCompanyValues(prefs),
  paper_copy_fee: paperCopyFeeInput(prefs.paper_copy_fee_cents),
});

const validateCompany = schemaResolver(updatePrefsInputSchema, { sync: true });

function validate(values: BrandingValues) {
  const fee = readPaperCopyFee(values.paper_copy_fee);
  return { ...validateCompany(values), ...('error' in fee ? { paper_copy_fee: fee.error } : {}) };
}

/** What prefs.update takes: the fee in cents, read from the dollars typed (validated already). */
function toUpdateInput({ paper_copy_fee: fee, ...company }: BrandingValues): UpdatePrefsInput {
  const read = readPaperCopyFee(fee);
  return { ...company, paper_copy_fee_cents: 'cents' in read ? read.cents : undefined };
}

export function BrandingForm() {
  const queryClient = useQueryClient();
  const { data: prefs } = useSuspenseQuery(trpc.prefs.get.queryOptions());
  const form = useForm<BrandingValues>({
    mode: 'uncontrolled',
    initialValues: toBrandingValues(prefs),
    validate,
  });
  const save = useMutation(
    trpc.prefs.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.prefs.get.queryKey(), saved);
        form.resetDirty(toBrandingValues(saved));
        showToast({ title: 'Settings saved', message: 'Your company details are updated' });
      },
      onError: (error) => {
        showToast({
          title: 'Failed to save',
          message: errorMessage(error, 'Please try again'),
          error: true,
        });
      },
    }),
  );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(toUpdateInput(values)))} noValidate>
      <Stack>
        <CompanyFields form={form} required={requiredFields} />
        <PaperCopyFeeField form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
