import { createFileRoute } from '@tanstack/react-router';
import { ContractsScreen } from '../../features/contracts/contracts-screen';

export const Route = createFileRoute('/_authed/')({
  component: ContractsScreen,
});
