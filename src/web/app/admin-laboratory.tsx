import AdminLaboratoryPage from '../features/admin-console/admin-laboratory-page';
import { LabCatalogue } from '../features/laboratory/components/lab-catalogue';

/** /admin/laboratory: the admin console's lab figures (admin-console) and the lab catalogue with its prices (laboratory). */
export default function AdminLaboratory() {
  return <AdminLaboratoryPage catalogue={<LabCatalogue />} />;
}
